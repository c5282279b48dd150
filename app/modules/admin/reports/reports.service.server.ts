/**
 * Reports for owners and managers (issue 64, docs/decisions/081; permission "reports"): a period's orders, sales, VAT
 * and refunds in the shop's days, by day and by payment method, and the same as CSV for an accountant (the daily
 * report, a VAT summary per VAT quarter). Each download is recorded in the audit log.
 */
import type { Db } from "~/db/database.server";
import { csvFile, pence } from "~/lib/csv.server";
import type { Failure } from "~/lib/result";
import { addDays, shopDate, shopDayStart } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import type { PaymentMethod } from "~/modules/orders/payments";
import * as repo from "./reports.repository.server";
import {
  buildReport,
  noFigures,
  refundVat,
  resolvePeriod,
  vatPeriodsOf,
  type Figures,
  type QuarterStart,
  type RefundRow,
  type Report,
  type ReportPeriodValues,
  type ResolvedPeriod,
  type SaleRow,
} from "./reports";

const periodNames = ["period", "from", "to"] as const;

/** The period as the address gives it (trimmed, each at most 40 characters). */
export function readReportPeriod(url: URL): ReportPeriodValues {
  const read = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 40);
  return Object.fromEntries(periodNames.map((name) => [name, read(name)])) as ReportPeriodValues;
}

/** The sales and refunds of the shop days `from` to `to` (both included), read and then grouped in TypeScript. */
async function figuresOf(db: Db, from: string, to: string): Promise<Report> {
  const start = shopDayStart(from).toISOString();
  const end = shopDayStart(addDays(to, 1)).toISOString();
  const [sales, refunds, earlier] = await Promise.all([
    repo.findSales(db, start, end),
    repo.findRefunds(db, start, end),
    repo.findEarlierRefunds(db, start, end),
  ]);
  const saleRows: SaleRow[] = sales.map((o) => ({
    day: shopDate(o.created_at),
    totalCents: Number(o.total_cents),
    vatCents: Number(o.tax_cents),
    shippingCents: Number(o.shipping_cents),
    items: Number(o.items ?? 0),
    method: (o.method as PaymentMethod | null) ?? null,
  }));
  const refundRows: RefundRow[] = [
    ...refunds.map((r) => ({ at: r.created_at, cents: Number(r.amount_cents), method: r.method, order: r })),
    ...earlier.map((r) => ({ at: r.refunded_at!, cents: Number(r.refunded_cents), method: r.method, order: r })),
  ].map((r) => ({
    day: shopDate(r.at),
    amountCents: r.cents,
    vatCents: refundVat(r.cents, Number(r.order.total_cents), Number(r.order.tax_cents)),
    method: r.method,
  }));
  return buildReport(from, to, saleRows, refundRows);
}

export type ReportAnswer = { ok: true; period: ResolvedPeriod; report: Report } | Failure;

/** The report for a period; a wrong period reads nothing and says what is wrong under its field. */
export async function loadReport(
  db: Db,
  staff: SessionUser | null,
  values: ReportPeriodValues,
  options: { quarterStart?: QuarterStart; now?: Date } = {},
): Promise<ReportAnswer> {
  assertAllowed(staff, "reports");
  const resolved = resolvePeriod(values, shopDate(options.now ?? new Date()), options.quarterStart);
  if (!resolved.ok) return resolved;
  const { from, to } = resolved.value;
  return { ok: true, period: resolved.value, report: await figuresOf(db, from, to) };
}

export const reportCsvKinds = ["daily", "vat"] as const;
export type ReportCsvKind = (typeof reportCsvKinds)[number];

const amountColumns = [
  "Sales incl VAT",
  "VAT on sales",
  "Refunds incl VAT",
  "VAT on refunds",
  "Net sales incl VAT",
  "Net VAT",
] as const;
const amounts = (f: Figures) =>
  [f.salesCents, f.vatCents, f.refundsCents, f.refundVatCents, f.netSalesCents, f.netVatCents].map(pence);

/**
 * A report as CSV with its file name: "daily" (a row per day: orders, items, the amounts, shipping) or "vat" (a row
 * per VAT quarter the period touches, cut to the period). The download is recorded in the audit log
 * ("reports.export", with the kind and the period).
 */
export async function exportReport(
  db: Db,
  staff: SessionUser | null,
  kind: ReportCsvKind,
  values: ReportPeriodValues,
  options: { quarterStart?: QuarterStart; now?: Date } = {},
): Promise<{ ok: true; csv: string; fileName: string } | Failure> {
  assertAllowed(staff, "reports");
  const resolved = resolvePeriod(values, shopDate(options.now ?? new Date()), options.quarterStart);
  if (!resolved.ok) return resolved;
  const { from, to } = resolved.value;
  const report = await figuresOf(db, from, to);
  let csv: string;
  if (kind === "daily") {
    csv = csvFile(
      ["Date", "Orders", "Items sold", ...amountColumns, "Shipping charged"],
      report.days.map((d) => [d.day, d.orders, d.items, ...amounts(d), pence(d.shippingCents)]),
    );
  } else {
    const rows = vatPeriodsOf(from, to, options.quarterStart).map((p) => {
      const sum = noFigures();
      for (const d of report.days) {
        if (d.day < p.from || d.day > p.to) continue;
        for (const key of Object.keys(sum) as (keyof Figures)[]) sum[key] += d[key];
      }
      return [p.from, p.to, ...amounts(sum)];
    });
    csv = csvFile(["Period start", "Period end", ...amountColumns], rows);
  }
  await recordAudit(db, auditActorOf(staff), {
    action: "reports.export",
    entity: "report",
    details: { kind, period: resolved.value.period, from, to },
  });
  return { ok: true, csv, fileName: `${kind === "daily" ? "sales-by-day" : "vat-summary"}-${from}-to-${to}.csv` };
}

/** Orders and sales net of refunds for each shop day from `from` to `to` (the dashboard's figures). */
export async function netSalesByDay(
  db: Db,
  from: string,
  to: string,
): Promise<{ day: string; orders: number; netCents: number }[]> {
  const report = await figuresOf(db, from, to);
  return report.days.map((d) => ({ day: d.day, orders: d.orders, netCents: d.netSalesCents }));
}
