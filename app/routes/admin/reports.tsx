import { data, Form } from "react-router";
import { AdminTable } from "~/components/admin/list-controls";
import { SelectField, TextField } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { formatDay, formatDayLabel } from "~/lib/shop-time";
import { requireStaff } from "~/modules/accounts/session.service.server";
import {
  quarterStartOf,
  reportPeriodLabels,
  reportPeriods,
  type DayFigures,
  type Figures,
} from "~/modules/admin/reports/reports";
import { loadReport, readReportPeriod } from "~/modules/admin/reports/reports.service.server";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Reports", "Back office: sales, VAT and refunds for a period.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "reports");
  const values = readReportPeriod(new URL(request.url));
  const answer = await loadReport(context.db, staff, values, {
    quarterStart: quarterStartOf(context.config.VAT_QUARTER_ENDS),
  });
  return data({ values, answer }, { status: answer.ok ? 200 : 400 });
}

const rows: { key: keyof Figures; label: string; money: boolean }[] = [
  { key: "orders", label: "Orders", money: false },
  { key: "items", label: "Items sold", money: false },
  { key: "salesCents", label: "Sales including VAT", money: true },
  { key: "vatCents", label: "VAT on sales", money: true },
  { key: "refundsCents", label: "Refunds including VAT", money: true },
  { key: "refundVatCents", label: "VAT on refunds", money: true },
  { key: "netSalesCents", label: "Net sales (after refunds)", money: true },
  { key: "netVatCents", label: "Net VAT (after refunds)", money: true },
  { key: "shippingCents", label: "Shipping charged", money: true },
];

const Amount = ({ cents }: { cents: number }) =>
  cents < 0 ? (
    <>
      −<Price cents={-cents} />
    </>
  ) : (
    <Price cents={cents} />
  );

/** Net sales per day as bars (refunds can take a day below zero: its bar is empty); the table below has the figures. */
/** A row's figures after its name: orders, then sales, VAT, refunds, net sales and net VAT (by method, by day). */
function FigureCells({ figures }: { figures: Figures }) {
  return (
    <>
      <td className="px-3 py-2">{figures.orders}</td>
      {(["salesCents", "vatCents", "refundsCents", "netSalesCents", "netVatCents"] as const).map((key) => (
        <td key={key} className="px-3 py-2">
          <Amount cents={figures[key]} />
        </td>
      ))}
    </>
  );
}

function DailyChart({ days, title }: { days: DayFigures[]; title: string }) {
  const max = Math.max(1, ...days.map((d) => d.netSalesCents));
  const width = 100 / days.length;
  return (
    <svg
      viewBox="0 0 100 40"
      preserveAspectRatio="none"
      className="mt-4 h-40 w-full"
      role="img"
      aria-labelledby="chart-title"
    >
      <title id="chart-title">{title}</title>
      {days.map((d, i) => {
        const height = (Math.max(0, d.netSalesCents) / max) * 38;
        return (
          <rect
            key={d.day}
            x={i * width + width * 0.15}
            width={width * 0.7}
            y={40 - height}
            height={height}
            className="fill-brand-600"
          />
        );
      })}
    </svg>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { values, answer } = loaderData;
  const errors: Partial<Record<keyof typeof values, string>> = answer.ok ? {} : (answer.fieldErrors ?? {});
  const period = answer.ok ? answer.period : null;
  const query = period ? new URLSearchParams({ period: "dates", from: period.from, to: period.to }).toString() : "";
  return (
    <div>
      <h1 className="text-3xl font-extrabold">Reports</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">
        Sales, VAT and refunds for a period, in London days. An order counts on the day it was placed unless it was
        cancelled with no money taken; a refund counts on the day it was made. Amounts include VAT.
      </p>
      <Form
        method="get"
        aria-label="Choose the report's period"
        key={JSON.stringify(values)}
        className="mt-6 grid gap-3 rounded-2xl bg-slate-50 p-4 sm:grid-cols-3"
      >
        <SelectField
          label="Period"
          name="period"
          defaultValue={values.period || "this-month"}
          error={errors.period}
          options={reportPeriods.map((p) => ({ value: p, label: reportPeriodLabels[p] }))}
        />
        <TextField label="From" name="from" type="date" defaultValue={values.from} error={errors.from} />
        <TextField label="To" name="to" type="date" defaultValue={values.to} error={errors.to} />
        <p className="text-xs text-slate-600 sm:col-span-3">
          From and To are used with “Dates chosen”; both days count.
        </p>
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary">
            Show report
          </button>
        </div>
      </Form>
      {answer.ok && period && (
        <>
          <h2 className="mt-8 text-xl font-bold">
            {formatDay(period.from)} to {formatDay(period.to)}
          </h2>
          <div className="mt-3 flex flex-wrap gap-3">
            <a href={`/admin/reports.csv?kind=daily&${query}`} className="btn-outline" download>
              Download daily CSV
            </a>
            <a href={`/admin/reports.csv?kind=vat&${query}`} className="btn-outline" download>
              Download VAT summary CSV
            </a>
          </div>
          <AdminTable caption="Totals for the period" minWidth="min-w-[20rem]" className="mt-4">
            <tbody>
              {rows.map((r) => (
                <tr key={r.key} className="border-t border-slate-100">
                  <th scope="row" className="px-3 py-2 text-left text-sm font-semibold">
                    {r.label}
                  </th>
                  <td className="px-3 py-2 text-right">
                    {r.money ? <Amount cents={answer.report.totals[r.key]} /> : answer.report.totals[r.key]}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>

          <h2 className="mt-8 text-xl font-bold">By payment method</h2>
          {answer.report.methods.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">No orders or refunds in this period.</p>
          ) : (
            <AdminTable caption="By payment method" minWidth="min-w-[44rem]" className="mt-3">
              <thead className="bg-slate-50">
                <tr>
                  {["Payment method", "Orders", "Sales incl. VAT", "VAT", "Refunds", "Net sales", "Net VAT"].map(
                    (h) => (
                      <th key={h} scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                        {h}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {answer.report.methods.map((m) => (
                  <tr key={m.method} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 text-left text-sm font-normal">
                      {m.label}
                    </th>
                    <FigureCells figures={m} />
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          )}

          <h2 className="mt-8 text-xl font-bold">Day by day</h2>
          <DailyChart
            days={answer.report.days}
            title={`Net sales per day, ${formatDay(period.from)} to ${formatDay(period.to)}`}
          />
          <details className="mt-4">
            <summary className="cursor-pointer text-sm text-brand-700">Show the days</summary>
            <AdminTable caption="Figures per day" minWidth="min-w-[40rem]" className="mt-2">
              <thead className="bg-slate-50">
                <tr>
                  {["Day", "Orders", "Sales incl. VAT", "VAT", "Refunds", "Net sales", "Net VAT"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-left text-sm font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {answer.report.days.map((d) => (
                  <tr key={d.day} className="border-t border-slate-100">
                    <th scope="row" className="px-3 py-2 text-left text-sm font-normal">
                      {formatDayLabel(d.day)}
                    </th>
                    <FigureCells figures={d} />
                  </tr>
                ))}
              </tbody>
            </AdminTable>
          </details>
        </>
      )}
    </div>
  );
}
