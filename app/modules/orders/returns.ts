/**
 * A customer's own cancellation and the 14-day right to return (Consumer Contracts Regulations 2013): what may be
 * asked when, and the words for it. Client-safe, no I/O.
 */
import { z } from "zod";
import { isOneOf, returnStatuses, type ReturnStatus } from "~/db/values";
import { returnRemedies, type ReturnLineKind, type ReturnOutcome, type ReturnRemedy } from "~/db/values";
import { failFields, type Failure } from "~/lib/result";
import { addDays, formatDay, shopDate } from "~/lib/shop-time";
import type { OrderStatus } from "./orders";

/** Days after delivery (counted from the day after, in the shop's days) in which a return may be asked for. */
export const RETURN_DAYS = 14;
export const REASON_MAX = 1000;

// The set of statuses is defined once with the schema (docs/decisions/025); this module owns their words.
export { returnStatuses, type ReturnStatus };
export const returnStatusLabels: Record<ReturnStatus, string> = {
  requested: "Return requested",
  accepted: "Return accepted",
  refused: "Return refused",
};
export const isReturnStatus = (value: unknown): value is ReturnStatus => isOneOf(returnStatuses, value);

/** One line of a return: which order line, how many, why, and staff's decision (docs/decisions/083). */
export type ReturnLine = {
  id: string;
  position: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  reason: string;
  kind: ReturnLineKind;
  remedy: ReturnRemedy;
  status: ReturnStatus;
  outcome: ReturnOutcome | null;
  requestedAt: string;
  decidedAt: string | null;
};

export type ReturnRequest = {
  status: ReturnStatus;
  reason: string;
  staffNote: string | null;
  requestedAt: string;
  decidedAt: string | null;
  lines: ReturnLine[];
  shippingRefunded: boolean;
};

export { returnRemedies, type ReturnRemedy, type ReturnOutcome, type ReturnLineKind };
export const returnRemedyLabels: Record<ReturnRemedy, string> = {
  refund: "A refund",
  repair: "A repair",
  replacement: "A replacement",
};
export const returnOutcomeLabels: Record<ReturnOutcome, string> = {
  restocked: "Back in stock",
  "written-off": "Written off (faulty)",
};
/** Staff's choice for one line: accept it back into stock, accept it and write it off as faulty, or refuse it. */
export const lineDecisions = ["restock", "write-off", "refuse"] as const;
export type LineDecision = (typeof lineDecisions)[number];
export const lineDecisionLabels: Record<LineDecision, string> = {
  restock: "Accept: back in stock",
  "write-off": "Accept: written off (faulty)",
  refuse: "Refuse",
};

/**
 * The Consumer Rights Act 2015 as the shop states it (the Chartered Trading Standards Institute's summary of the
 * statutory rights), in one place: the order page and the returns page show these words.
 */
export const statutoryRights = {
  intro:
    "The Consumer Rights Act 2015 says goods must be as described, fit for purpose and of satisfactory quality. During the expected life of your product your statutory rights entitle you to the following:",
  thirtyDays: "Up to 30 days: if your goods are faulty, then you can get an immediate refund.",
  sixMonths:
    "Up to six months: if your goods can't be repaired or replaced, then you're entitled to a full refund, in most instances.",
  sixYears:
    "Up to six years: if your goods do not last a reasonable length of time you may be entitled to some money back.",
  summary: "This is a summary of your statutory rights which are not affected by our returns policy.",
  afterSixMonths:
    "It is more than six months since this order was delivered, so it can no longer be reported faulty here. If your goods do not last a reasonable length of time you may be entitled to some money back: please contact us and tell us what happened.",
} as const;

/** Days after delivery in which a faulty item may be rejected for a full refund (the short-term right to reject). */
export const REJECT_DAYS = 30;
/** Months after delivery in which a faulty item may be reported here for a repair or a replacement. */
export const REPAIR_MONTHS = 6;

/** Which orders a customer may cancel themselves: before dispatch. */
export const customerMayCancel = (status: OrderStatus) => status === "pending" || status === "confirmed";

/** The last shop day a return may be asked for: fourteen days after the day of delivery. */
export const lastReturnDay = (deliveredAt: string) => addDays(shopDate(deliveredAt), RETURN_DAYS);

/**
 * Whether a return may be asked for now: the order is on its way (dispatched; the 14 days have not begun) or was
 * delivered no more than 14 days ago. Lines already in a return are counted by `returnableUnits`, not here.
 */
export function returnWindow(
  order: { status: OrderStatus; deliveredAt: string | null },
  now = new Date(),
): { open: boolean; lastDay: string | null } {
  if (order.status === "dispatched") return { open: true, lastDay: null };
  if (order.status !== "delivered" || !order.deliveredAt) return { open: false, lastDay: null };
  const lastDay = lastReturnDay(order.deliveredAt);
  return { open: shopDate(now) <= lastDay, lastDay };
}

/** The same day `months` later (the month's last day when it is shorter): 31 August + 6 months is 28 February. */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const month = m - 1 + months;
  const year = y + Math.floor(month / 12);
  const monthIndex = ((month % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  return `${year}-${String(monthIndex + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export type FaultWindow =
  | { state: "not-delivered" }
  | { state: "reject"; rejectUntil: string; repairUntil: string }
  | { state: "repair"; repairUntil: string }
  | { state: "ended"; repairUntil: string };

/**
 * What a faulty item reported now may ask for, counted in the shop's days from the day of delivery: up to 30 days a
 * refund (the right to reject) or a repair or replacement; up to 6 months a repair or replacement; after that the
 * customer contacts the shop.
 */
export function faultWindow(deliveredAt: string | null, now = new Date()): FaultWindow {
  if (!deliveredAt) return { state: "not-delivered" };
  const day = shopDate(deliveredAt);
  const today = shopDate(now);
  const rejectUntil = addDays(day, REJECT_DAYS);
  const repairUntil = addMonths(day, REPAIR_MONTHS);
  if (today <= rejectUntil) return { state: "reject", rejectUntil, repairUntil };
  if (today <= repairUntil) return { state: "repair", repairUntil };
  return { state: "ended", repairUntil };
}

/** The remedies a faulty report may ask for in that window. */
export const remediesIn = (window: FaultWindow): ReturnRemedy[] =>
  window.state === "reject"
    ? ["refund", "repair", "replacement"]
    : window.state === "repair"
      ? ["repair", "replacement"]
      : [];

/** An order line as a return counts it: what was ordered, and the units already in a return not refused. */
export type ReturnableLine = {
  position: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
  inReturns: number;
};
export const returnableUnits = (line: ReturnableLine) => Math.max(0, line.quantity - line.inReturns);

/** The units asked for, per order line (form fields `qty-<position>` and `reason-<position>`). */
export type AskedLine = { position: number; quantity: number; reason: string };

/**
 * The customer's return form read against the order's lines: a whole number from 0 to what is left of each line, a
 * reason for each line returned, and at least one unit overall. Errors name the field they go under.
 */
export function readReturnLines(
  lines: ReturnableLine[],
  values: Record<string, string>,
): { ok: true; lines: AskedLine[] } | Failure {
  const errors: Record<string, string> = {};
  const asked: AskedLine[] = [];
  for (const line of lines) {
    const raw = (values[`qty-${line.position}`] ?? "").trim();
    if (raw === "" || raw === "0") continue;
    const field = `qty-${line.position}`;
    if (!/^\d{1,4}$/.test(raw)) {
      errors[field] = returnMessages.wholeNumber;
      continue;
    }
    const quantity = Number(raw);
    const left = returnableUnits(line);
    if (left === 0) errors[field] = returnMessages.alreadyInReturn;
    else if (quantity > left) errors[field] = returnMessages.tooMany(left, line.inReturns);
    const reason = (values[`reason-${line.position}`] ?? "").trim();
    if (!reason) errors[`reason-${line.position}`] = returnMessages.lineReasonRequired;
    else if (reason.length > REASON_MAX) errors[`reason-${line.position}`] = returnMessages.reasonTooLong;
    asked.push({ position: line.position, quantity, reason });
  }
  if (Object.keys(errors).length > 0) return failFields(errors);
  if (asked.length === 0) {
    const first = lines.find((l) => returnableUnits(l) > 0) ?? lines[0];
    return failFields({ [`qty-${first?.position ?? 0}`]: returnMessages.noneChosen });
  }
  return { ok: true, lines: asked };
}

/**
 * What a return decision refunds: each line accepted now for a refund (not a repair or replacement) at its unit price
 * times its quantity, plus the shipping charge once, when with it the whole order has come back (every unit of every
 * line accepted) and each of those lines was asked for within the 14-day cancellation period.
 */
export function returnRefund(input: {
  orderLines: Array<{ position: number; quantity: number }>;
  /** Every line of the order's returns, with the decisions taken now applied. */
  returnLines: Array<{
    position: number;
    quantity: number;
    status: ReturnStatus;
    remedy: ReturnRemedy;
    requestedAt: string;
    kind: ReturnLineKind;
  }>;
  acceptedNow: Array<{ quantity: number; unitPriceCents: number; remedy: ReturnRemedy }>;
  shippingCents: number;
  shippingRefunded: boolean;
  deliveredAt: string | null;
}): { linesCents: number; shippingCents: number; totalCents: number } {
  const linesCents = input.acceptedNow
    .filter((l) => l.remedy === "refund")
    .reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const accepted = input.returnLines.filter((l) => l.status === "accepted");
  const wholeOrder = input.orderLines.every(
    (o) => accepted.filter((l) => l.position === o.position).reduce((sum, l) => sum + l.quantity, 0) >= o.quantity,
  );
  const lastDay = input.deliveredAt ? lastReturnDay(input.deliveredAt) : null;
  const inTime = accepted.every(
    (l) => l.remedy === "refund" && (lastDay === null || shopDate(l.requestedAt) <= lastDay),
  );
  const shipping =
    input.acceptedNow.length > 0 && wholeOrder && inTime && !input.shippingRefunded && input.orderLines.length > 0
      ? input.shippingCents
      : 0;
  return { linesCents, shippingCents: shipping, totalCents: linesCents + shipping };
}

export const returnMessages = {
  cancelled: (id: string) =>
    `Order ${id} is cancelled. We have told the shop; if you have paid, your money will be refunded.`,
  cannotCancel:
    "This order can no longer be cancelled: it has been dispatched. You can ask to return it once it arrives.",
  requested: "Your return request is sent. We will e-mail you when the shop has looked at it.",
  alreadyRequested: "You have already asked to return this order.",
  tooLate: (lastDay: string) =>
    `The 14 days to return this order ended on ${formatDay(lastDay)}. Please contact us if the goods are faulty.`,
  notReturnable: "Only a dispatched or delivered order can be returned.",
  reasonRequired: "Please tell us why you are returning the order",
  lineReasonRequired: "Please tell us why you are returning this item",
  wholeNumber: "Enter a whole number of items (0 or more)",
  alreadyInReturn: "This item is already in a return: there is none left to return",
  tooMany: (left: number, inReturns: number) =>
    inReturns > 0
      ? `You can return at most ${left} of this item (${inReturns} already in a return)`
      : `You can return at most ${left} of this item: that is how many you ordered`,
  noneChosen: "Choose how many of at least one item to return",
  faultDescriptionRequired: "Please tell us what is wrong with the item",
  faultLineRequired: "Choose the item that is faulty",
  remedyRequired: "Choose what you would like: a refund, a repair or a replacement",
  remedyTooLate: "More than 30 days after delivery: choose a repair or a replacement",
  faultReported: "Your report is sent. We will e-mail you when the shop has looked at it.",
  faultTooLate: statutoryRights.afterSixMonths,
  faultNotDelivered: "A fault can be reported once the order has been delivered.",
  lineDecisionRequired: "Choose accept (back in stock or written off) or refuse for this line",
  refundMethodRequired: "Choose how the refund was sent",
  refundReferenceRequired: "Enter the refund's reference",
  reasonTooLong: `Please keep the reason to ${REASON_MAX} characters`,
  decided: (id: string, status: ReturnStatus) =>
    `The return of order ${id} is ${status === "accepted" ? "accepted" : "refused"}.`,
  decidedWithRefund: (id: string, refund: string) => `The return of order ${id} is decided: ${refund} refunded.`,
  noteRequired: "Please write a note for the customer (it is e-mailed to them)",
  notOpen: "This return request has already been decided.",
} as const;

export const returnReasonInput = z.object({
  reason: z.string().trim().min(1, returnMessages.reasonRequired).max(REASON_MAX, returnMessages.reasonTooLong),
});

/** A faulty item reported from the order page: which line, how many, what is wrong, and the remedy asked for. */
export const faultReportInput = z.object({
  position: z.coerce
    .number({ error: returnMessages.faultLineRequired })
    .int(returnMessages.faultLineRequired)
    .min(0, returnMessages.faultLineRequired),
  quantity: z.coerce
    .number({ error: returnMessages.wholeNumber })
    .int(returnMessages.wholeNumber)
    .min(1, returnMessages.noneChosen)
    .max(9999, returnMessages.wholeNumber),
  description: z
    .string()
    .trim()
    .min(1, returnMessages.faultDescriptionRequired)
    .max(REASON_MAX, returnMessages.reasonTooLong),
  remedy: z.enum(returnRemedies, { error: returnMessages.remedyRequired }),
});

/** Staff's decision's note (each line's choice is read by the service: fields `line-<id>`). */
export const returnDecisionInput = z.object({
  note: z
    .string()
    .trim()
    .min(1, returnMessages.noteRequired)
    .max(REASON_MAX, `Please keep the note to ${REASON_MAX} characters`),
});
