/** Which status changes an order may take, and the words for them (client-safe, no I/O). */
import { fail, type Result } from "~/lib/result";
import { isOneOf } from "~/db/values";
import {
  orderStatusLabels,
  orderStatuses,
  paymentStatusLabels,
  paymentStatuses,
  type OrderStatus,
  type PaymentStatus,
} from "./orders";
import { flowOf, type OrderField, type OrderTransition } from "./order-lifecycle";

export type { OrderField };
export type OrderState = { status: OrderStatus; paymentStatus: PaymentStatus };
/** One step of one field, with values of that field. */
export type OrderMove =
  | { field: "status"; from: OrderStatus; to: OrderStatus }
  | { field: "paymentStatus"; from: PaymentStatus; to: PaymentStatus };

/**
 * Status: pending → confirmed → dispatched → delivered; pending or confirmed → cancelled. Nothing goes back. Read
 * from the lifecycle's table (order-lifecycle.ts), the one place the steps are written.
 */
export const statusFlow: Record<OrderStatus, readonly OrderStatus[]> = flowOf("status", orderStatuses);

/** Payment: pending → paid (by a recorded payment) → refunded. From the same table. */
export const paymentFlow: Record<PaymentStatus, readonly PaymentStatus[]> = flowOf("paymentStatus", paymentStatuses);

/**
 * The steps staff can take, with their button names (the back office shows them in this order). Paid is not one: a
 * payment is recorded with its method, reference and amount (docs/decisions/045, payments-admin.service.server.ts).
 */
export const orderSteps = {
  confirm: { transition: "confirm", field: "status", to: "confirmed", button: "Mark confirmed" },
  dispatch: { transition: "dispatch", field: "status", to: "dispatched", button: "Mark dispatched" },
  deliver: { transition: "deliver", field: "status", to: "delivered", button: "Mark delivered" },
  cancel: { transition: "cancel-by-staff", field: "status", to: "cancelled", button: "Cancel order" },
  refund: { transition: "refund", field: "paymentStatus", to: "refunded", button: "Mark refunded" },
} as const satisfies Record<
  string,
  { transition: OrderTransition; field: OrderField; to: OrderStatus | PaymentStatus; button: string }
>;
export type OrderStep = keyof typeof orderSteps;

export const isOrderStep = (value: unknown): value is OrderStep =>
  typeof value === "string" && Object.hasOwn(orderSteps, value);
export const isOrderStatus = (value: unknown): value is OrderStatus => isOneOf(orderStatuses, value);
export const isPaymentStatus = (value: unknown): value is PaymentStatus => isOneOf(paymentStatuses, value);

/** 'Confirmed', 'Payment pending', 'Paid'… for a value of either field. */
export function statusLabel(field: OrderField, value: string): string {
  if (field === "status") return isOrderStatus(value) ? orderStatusLabels[value] : value;
  return isPaymentStatus(value) ? paymentStatusLabels[value] : value;
}

/** The move of `field` from `from` to `to` when it is one allowed step, else null. Unknown values never are. */
export function allowedMove(field: OrderField, from: unknown, to: unknown): OrderMove | null {
  if (field === "status")
    return isOrderStatus(from) && isOrderStatus(to) && statusFlow[from].includes(to) ? { field, from, to } : null;
  return isPaymentStatus(from) && isPaymentStatus(to) && paymentFlow[from].includes(to) ? { field, from, to } : null;
}

/** Whether `field` may go from `from` to `to` in one step. Unknown values never may. */
export const canMove = (field: OrderField, from: string, to: string): boolean => allowedMove(field, from, to) !== null;

/** The steps open to an order as it is now: the only buttons the back office shows. */
export function nextSteps(order: OrderState): OrderStep[] {
  return (Object.keys(orderSteps) as OrderStep[]).filter((step) => {
    const { field, to } = orderSteps[step];
    return canMove(field, order[field], to);
  });
}

export const stepMessages = {
  unknown: "Choose one of the status changes shown on the order.",
} as const;

const fieldWord = (field: OrderField) => (field === "status" ? "Status" : "Payment");

export type StepCheck = Result<OrderMove>;

/**
 * Whether staff may take `step` on an order that is now `current`, when the page they acted on showed `shown`
 * for the step's field. A stale page, a skipped step, a step back or an unknown step is refused with a message.
 */
export function checkStep(step: unknown, current: OrderState, shown: unknown): StepCheck {
  if (!isOrderStep(step)) return fail("invalid", stepMessages.unknown);
  const { field, to } = orderSteps[step];
  const from = current[field];
  if (shown !== from) {
    const now = statusLabel(field, from);
    return fail(
      "changed",
      `This order changed while you were looking at it: ${fieldWord(field).toLowerCase()} is now ${now}. Nothing was changed; check it and try again.`,
    );
  }
  if (from === to) return fail("already-done", `${fieldWord(field)} is already ${statusLabel(field, to)}.`);
  const move = allowedMove(field, from, to);
  if (!move) {
    const options = field === "status" ? statusFlow[current.status] : paymentFlow[current.paymentStatus];
    const next = options.length
      ? `the next step is ${options.map((o) => statusLabel(field, o)).join(" or ")}`
      : `${statusLabel(field, from)} is final`;
    return fail(
      "wrong-state",
      `${fieldWord(field)} cannot go from ${statusLabel(field, from)} to ${statusLabel(field, to)}: ${next}.`,
    );
  }
  return { ok: true, ...move };
}
