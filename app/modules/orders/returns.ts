/**
 * A customer's own cancellation and the 14-day right to return (Consumer Contracts Regulations 2013): what may be
 * asked when, and the words for it. Client-safe, no I/O.
 */
import { z } from "zod";
import { isOneOf, returnStatuses, type ReturnStatus } from "~/db/values";
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

export type ReturnRequest = {
  status: ReturnStatus;
  reason: string;
  staffNote: string | null;
  requestedAt: string;
  decidedAt: string | null;
};

/** Which orders a customer may cancel themselves: before dispatch. */
export const customerMayCancel = (status: OrderStatus) => status === "pending" || status === "confirmed";

/** The last shop day a return may be asked for: fourteen days after the day of delivery. */
export const lastReturnDay = (deliveredAt: string) => addDays(shopDate(deliveredAt), RETURN_DAYS);

/**
 * Whether a return may be asked for now: the order is on its way (dispatched; the 14 days have not begun) or was
 * delivered no more than 14 days ago, and no return was asked for before.
 */
export function returnWindow(
  order: { status: OrderStatus; deliveredAt: string | null },
  existing: ReturnRequest | null,
  now = new Date(),
): { open: boolean; lastDay: string | null } {
  if (existing) return { open: false, lastDay: order.deliveredAt ? lastReturnDay(order.deliveredAt) : null };
  if (order.status === "dispatched") return { open: true, lastDay: null };
  if (order.status !== "delivered" || !order.deliveredAt) return { open: false, lastDay: null };
  const lastDay = lastReturnDay(order.deliveredAt);
  return { open: shopDate(now) <= lastDay, lastDay };
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
  reasonTooLong: `Please keep the reason to ${REASON_MAX} characters`,
  decided: (id: string, status: ReturnStatus) =>
    `The return of order ${id} is ${status === "accepted" ? "accepted" : "refused"}.`,
  noteRequired: "Please write a note for the customer (it is e-mailed to them)",
  notOpen: "This return request has already been decided.",
} as const;

export const returnReasonInput = z.object({
  reason: z.string().trim().min(1, returnMessages.reasonRequired).max(REASON_MAX, returnMessages.reasonTooLong),
});

export const returnDecisionInput = z.object({
  decision: z.enum(["accepted", "refused"], { error: "Choose accept or refuse" }),
  note: z
    .string()
    .trim()
    .min(1, returnMessages.noteRequired)
    .max(REASON_MAX, `Please keep the note to ${REASON_MAX} characters`),
});
