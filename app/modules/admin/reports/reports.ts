/**
 * The Reports page's rules and words (issue 64, docs/decisions/081): the periods it offers, how a period is checked,
 * and how orders and refunds add up into a day's, a payment method's and a VAT period's figures. Client-safe: no I/O.
 *
 * What counts: an order counts as a sale on the shop's (London) day it was placed, unless it was cancelled with no
 * money taken (payment still pending); a refund counts on the day it was made (a card refund the provider took or
 * confirmed, a refund staff recorded by hand), whichever day its order was placed.
 */
import { failFields, type Failure } from "~/lib/result";
import { addDays } from "~/lib/shop-time";
import { paymentMethodLabels, type PaymentMethod } from "~/modules/orders/payments";

export const reportPeriods = ["this-month", "last-month", "this-quarter", "last-quarter", "dates"] as const;
export type ReportPeriod = (typeof reportPeriods)[number];
export const reportPeriodLabels: Record<ReportPeriod, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "this-quarter": "This quarter",
  "last-quarter": "Last quarter",
  dates: "Dates chosen",
};

/** The longest period one report may cover. */
export const REPORT_MAX_YEARS = 5;

export const reportMessages = {
  periodShape: "Choose a period from the list.",
  fromMissing: "Enter the first day of the period (for example 2026-11-01).",
  toMissing: "Enter the last day of the period (for example 2026-11-30).",
  dateShape: "Enter a real date (for example 2026-11-29).",
  endsBeforeStart: "The period ends before it starts: choose a last day on or after the first.",
  tooLong: `Choose a period of ${REPORT_MAX_YEARS} years or less.`,
} as const;

/** The period as the address carries it (`?period=&from=&to=`), as typed. */
export type ReportPeriodValues = { period: string; from: string; to: string };

/** A period checked: its first and last shop days (both included). */
export type ResolvedPeriod = { period: ReportPeriod; from: string; to: string };

/**
 * VAT quarters: the month (1, 2 or 3) the first quarter of a year starts in. HMRC's stagger 1 ends quarters in March,
 * June, September and December (calendar quarters, starting in January); stagger 2 in April… (starting February);
 * stagger 3 in May… (starting March).
 */
export type QuarterStart = 1 | 2 | 3;
export const vatQuarterEnds = ["mar-jun-sep-dec", "apr-jul-oct-jan", "may-aug-nov-feb"] as const;
export type VatQuarterEnds = (typeof vatQuarterEnds)[number];
export const quarterStartOf = (ends: VatQuarterEnds): QuarterStart =>
  (vatQuarterEnds.indexOf(ends) + 1) as QuarterStart;

const isRealDay = (d: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const at = new Date(`${d}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
};

/** Months counted from year 0: 2026-11 → 2026 × 12 + 10. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const monthStart = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
/** The last day of the month `index`. */
const monthEnd = (index: number) => addDays(monthStart(index + 1), -1);
/** The month index a quarter containing month `index` starts in. */
const quarterOf = (index: number, first: QuarterStart) => index - ((((index - (first - 1)) % 3) + 3) % 3);

const yearsAfter = (d: string, years: number) =>
  `${String(Number(d.slice(0, 4)) + years).padStart(4, "0")}${d.slice(4)}`;

/**
 * The period's first and last days for `today`, or the messages for its fields: a named period (this or last month
 * or quarter) or two dates (both included) at most 5 years apart.
 */
export function resolvePeriod(
  values: ReportPeriodValues,
  today: string,
  first: QuarterStart = 1,
): { ok: true; value: ResolvedPeriod } | Failure {
  const period = (values.period || "this-month") as ReportPeriod;
  if (!reportPeriods.includes(period)) return failFields({ period: reportMessages.periodShape });
  const month = monthIndex(today);
  const quarter = quarterOf(month, first);
  switch (period) {
    case "this-month":
      return { ok: true, value: { period, from: monthStart(month), to: monthEnd(month) } };
    case "last-month":
      return { ok: true, value: { period, from: monthStart(month - 1), to: monthEnd(month - 1) } };
    case "this-quarter":
      return { ok: true, value: { period, from: monthStart(quarter), to: monthEnd(quarter + 2) } };
    case "last-quarter":
      return { ok: true, value: { period, from: monthStart(quarter - 3), to: monthEnd(quarter - 1) } };
    case "dates": {
      const errors: Partial<Record<keyof ReportPeriodValues, string>> = {};
      const from = values.from.trim();
      const to = values.to.trim();
      if (!from) errors.from = reportMessages.fromMissing;
      else if (!isRealDay(from)) errors.from = reportMessages.dateShape;
      if (!to) errors.to = reportMessages.toMissing;
      else if (!isRealDay(to)) errors.to = reportMessages.dateShape;
      if (!errors.from && !errors.to) {
        if (to < from) errors.to = reportMessages.endsBeforeStart;
        else if (to >= yearsAfter(from, REPORT_MAX_YEARS)) errors.to = reportMessages.tooLong;
      }
      if (Object.keys(errors).length) return failFields(errors);
      return { ok: true, value: { period, from, to } };
    }
  }
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The VAT periods (quarters) the period touches, each cut to the period: first and last day. */
export function vatPeriodsOf(from: string, to: string, first: QuarterStart = 1): { from: string; to: string }[] {
  const periods: { from: string; to: string }[] = [];
  for (let q = quarterOf(monthIndex(from), first); monthStart(q) <= to; q += 3) {
    const start = monthStart(q);
    const end = monthEnd(q + 2);
    periods.push({ from: start < from ? from : start, to: end > to ? to : end });
  }
  return periods;
}

/** An order counted as a sale: when it was placed (its shop day), its amounts, how it was paid (null: not yet). */
export type SaleRow = {
  day: string;
  totalCents: number;
  vatCents: number;
  shippingCents: number;
  items: number;
  method: PaymentMethod | null;
};
/** Money sent back: the shop day it was made, how much, the VAT it held, how it went back. */
export type RefundRow = { day: string; amountCents: number; vatCents: number; method: PaymentMethod };

export type Figures = {
  orders: number;
  items: number;
  /** Sales including VAT (shipping included), and the VAT they held. */
  salesCents: number;
  vatCents: number;
  shippingCents: number;
  /** Refunds made, including VAT, and the VAT they held. */
  refundsCents: number;
  refundVatCents: number;
  /** Sales less refunds, and VAT less the refunds' VAT. */
  netSalesCents: number;
  netVatCents: number;
};

export const noFigures = (): Figures => ({
  orders: 0,
  items: 0,
  salesCents: 0,
  vatCents: 0,
  shippingCents: 0,
  refundsCents: 0,
  refundVatCents: 0,
  netSalesCents: 0,
  netVatCents: 0,
});

function addSale(into: Figures, sale: SaleRow) {
  into.orders += 1;
  into.items += sale.items;
  into.salesCents += sale.totalCents;
  into.vatCents += sale.vatCents;
  into.shippingCents += sale.shippingCents;
  into.netSalesCents += sale.totalCents;
  into.netVatCents += sale.vatCents;
}

function addRefund(into: Figures, refund: RefundRow) {
  into.refundsCents += refund.amountCents;
  into.refundVatCents += refund.vatCents;
  into.netSalesCents -= refund.amountCents;
  into.netVatCents -= refund.vatCents;
}

export type MethodKey = PaymentMethod | "unpaid";
export const methodLabel = (method: MethodKey) =>
  method === "unpaid" ? "Not paid yet" : paymentMethodLabels[method];

export type DayFigures = Figures & { day: string };
export type MethodFigures = Figures & { method: MethodKey; label: string };
export type Report = { totals: Figures; days: DayFigures[]; methods: MethodFigures[] };

/** The period's figures: in total, for each of its days (every day present) and for each payment method used. */
export function buildReport(from: string, to: string, sales: readonly SaleRow[], refunds: readonly RefundRow[]): Report {
  const totals = noFigures();
  const days = new Map(daysOf(from, to).map((day) => [day, { day, ...noFigures() }]));
  const methods = new Map<MethodKey, MethodFigures>();
  const methodOf = (method: MethodKey) => {
    let row = methods.get(method);
    if (!row) methods.set(method, (row = { method, label: methodLabel(method), ...noFigures() }));
    return row;
  };
  for (const sale of sales) {
    const day = days.get(sale.day);
    if (!day) continue;
    addSale(totals, sale);
    addSale(day, sale);
    addSale(methodOf(sale.method ?? "unpaid"), sale);
  }
  for (const refund of refunds) {
    const day = days.get(refund.day);
    if (!day) continue;
    addRefund(totals, refund);
    addRefund(day, refund);
    addRefund(methodOf(refund.method), refund);
  }
  const order: MethodKey[] = ["bank-transfer", "card-link", "cash-on-collection", "card-online", "unpaid"];
  return {
    totals,
    days: [...days.values()],
    methods: order.flatMap((m) => (methods.has(m) ? [methods.get(m)!] : [])),
  };
}

/** The VAT a refund held: its share of the order's VAT (all of it for a whole refund), to the penny. */
export const refundVat = (amountCents: number, orderTotalCents: number, orderVatCents: number) =>
  orderTotalCents > 0 ? Math.round((amountCents * orderVatCents) / orderTotalCents) : 0;
