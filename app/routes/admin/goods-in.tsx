import { data, redirect, useLocation } from "react-router";
import { AdminTable, HeaderRow } from "~/components/admin/list-controls";
import { DutyReportForm } from "~/components/admin/duty/duty-report-form";
import { GoodsInForm } from "~/components/admin/duty/goods-in-form";
import { formValues } from "~/lib/form-check";
import { readForm } from "~/lib/form-data.server";
import { pageMeta } from "~/lib/meta";
import { formFeedback, type FieldErrors, httpStatus } from "~/lib/result";
import { addDays, formatDay, shopDate } from "~/lib/shop-time";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { dutyMessages, GOODS_IN_LINES, goodsInHeaderFields, lineField, lineFields } from "~/modules/duty/duty";
import { latestGoodsIn, recordGoodsIn } from "~/modules/duty/duty.service.server";
import type { Route } from "./+types/goods-in";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Goods in", "Back office: deliveries, duty stamps and the duty records.");

const FIELDS = [
  ...goodsInHeaderFields,
  ...Array.from({ length: GOODS_IN_LINES }, (_, row) => lineFields.map((name) => lineField(name, row))).flat(),
];

/** The message after a delivery is recorded, from the address the action sent the browser to. */
function recordedNotice(params: URLSearchParams): string[] {
  if (params.get("done") !== "recorded") return [];
  const invoice = (params.get("invoice") ?? "").slice(0, 60);
  const [units, held] = [params.get("units") ?? "", params.get("held") ?? "0"];
  if (!invoice || !/^\d{1,7}$/.test(units) || !/^\d{1,7}$/.test(held)) return [];
  const notice = [dutyMessages.recorded(invoice, Number(units))];
  if (Number(held) > 0) notice.push(dutyMessages.quarantinedNote(Number(held)));
  return notice;
}

/** The latest deliveries and the form for the next one; a report period of the last month, by default. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request, "stock.edit");
  const today = shopDate(new Date());
  return {
    deliveries: await latestGoodsIn(context.db),
    notice: recordedNotice(new URL(request.url).searchParams),
    today,
    reportFrom: `${addDays(today, -31).slice(0, 8)}01`,
  };
}

type Answer = { errors: FieldErrors; formError: string | null; values: Record<string, string> };

/** Records a delivery (staff only): every field checked, nothing saved unless all are right; then back to the page. */
export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "stock.edit");
  const values = formValues(await readForm(request), FIELDS);
  const recorded = await recordGoodsIn(context.db, staff, values);
  if (!recorded.ok) {
    const { errors, formError } = formFeedback(recorded);
    return data<Answer>(
      { errors, formError: formError ?? "Please correct the fields marked below: nothing was saved.", values },
      { status: httpStatus(recorded.code) },
    );
  }
  const done = new URLSearchParams({
    done: "recorded",
    invoice: recorded.invoice,
    units: String(recorded.units),
    held: String(recorded.quarantined),
  });
  return redirect(`/admin/goods-in?${done}`);
}

export default function AdminGoodsIn({ loaderData, actionData }: Route.ComponentProps) {
  const { deliveries, notice, today, reportFrom } = loaderData;
  const answer = actionData as Answer | undefined;
  // A new answer refills the form; a recorded delivery (a new address) empties it for the next one.
  const formKey = `${useLocation().key}:${JSON.stringify(answer?.values ?? null)}`;
  return (
    <section aria-labelledby="goods-in-title" className="max-w-6xl space-y-6">
      <h1 id="goods-in-title" className="text-2xl font-extrabold">
        Goods in
      </h1>
      <div className="space-y-2 text-slate-700">
        <p>
          Record every delivery of vaping products here, from the supplier&apos;s invoice. Since 1 October 2026 every
          pack must carry a vaping duty stamp. Unstamped packs may be sold only if they were made or imported before 1
          October 2026, and only until 31 March 2027: from 1 April 2027 the shop holds them back from sale.
        </p>
        <p>
          Unstamped units made or imported from 1 October 2026 are never put on sale: they are held back (quarantined)
          until you return them to the supplier or destroy them, which you record on the dashboard.
        </p>
      </div>
      {notice.length > 0 && (
        <div role="status" className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-800">
          {notice.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
      <GoodsInForm
        key={formKey}
        values={answer?.values ?? {}}
        errors={answer?.errors ?? {}}
        formError={answer?.formError ?? null}
        today={today}
      />
      <section aria-labelledby="latest-deliveries" className="space-y-3">
        <h2 id="latest-deliveries" className="text-lg font-bold">
          Latest deliveries
        </h2>
        {deliveries.length === 0 ? (
          <p className="rounded-2xl bg-slate-50 p-6 text-slate-700">No delivery has been recorded yet.</p>
        ) : (
          <AdminTable caption="Latest deliveries" minWidth="min-w-[48rem]">
            <HeaderRow
              columns={[
                "Date received",
                "Supplier",
                "Invoice",
                "Approval reference",
                "Units",
                "Held back",
                "Recorded by",
              ]}
            />
            <tbody className="divide-y divide-slate-200">
              {deliveries.map((d) => (
                <tr key={d.id} className="align-top">
                  <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-medium">
                    {formatDay(d.receivedOn)}
                  </th>
                  <td data-label="Supplier" className="px-3 py-2">
                    {d.supplier}
                  </td>
                  <td data-label="Invoice" className="px-3 py-2">
                    {d.invoice}
                  </td>
                  <td data-label="Approval reference" className="px-3 py-2">
                    {d.approval}
                  </td>
                  <td data-label="Units" className="px-3 py-2 text-right">
                    {d.units}
                  </td>
                  <td data-label="Held back" className="px-3 py-2 text-right">
                    {d.quarantined}
                  </td>
                  <td data-label="Recorded by" className="px-3 py-2">
                    {d.byName}
                  </td>
                </tr>
              ))}
            </tbody>
          </AdminTable>
        )}
      </section>
      <DutyReportForm from={reportFrom} to={today} />
    </section>
  );
}
