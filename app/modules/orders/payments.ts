/** A payment staff record on an order, and the words for it (client-safe, no I/O; docs/decisions/045). */
import { formatMoney } from "~/lib/money";
import type { PaymentMethod } from "~/db/values";
export { paymentMethods, recordedPaymentMethods, type PaymentMethod } from "~/db/values";

/** How each way of paying reads in the back office's form and on the order. */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  "bank-transfer": "Bank transfer",
  "card-link": "Card payment link",
  "cash-on-collection": "Cash on collection",
  "card-online": "Card (paid online)",
};

/** A recorded payment as the pages show it. */
export type Payment = {
  method: PaymentMethod;
  reference: string;
  amountCents: number;
  currency: string;
  recordedAt: string;
  recordedByName: string;
  /** What staff refunded of it, and when; null until refunded. */
  refundedCents: number | null;
  refundedAt: string | null;
};

/** A refund as the customer's e-mail tells it: how much of what was paid, in which currency, back the way it came. */
export type RefundSent = { amountCents: number; paidCents: number; currency: string; method: PaymentMethod | null };

/**
 * How and when a refund reaches the customer, by the way they paid (null: no payment was recorded, an order from
 * before payments were recorded).
 */
export function refundArrival(method: PaymentMethod | null): string {
  switch (method) {
    case "bank-transfer":
      return "We have sent it by bank transfer to the account you paid from: a transfer between UK banks usually arrives within two hours, and at the latest by the end of the next working day.";
    case "card-link":
    case "card-online":
      return "It goes back to the card you paid with: card refunds usually show on your statement within 3 to 5 working days, and some banks take up to 10.";
    case "cash-on-collection":
      return "You paid in cash when collecting the order, so we have refunded you as we arranged with you, in cash or by bank transfer to the account you gave us.";
    default:
      return "It goes back the way you paid: a bank transfer usually arrives by the end of the next working day, a refund to a card within 3 to 5 working days (some banks take up to 10).";
  }
}

/** An order waits for its payment this many days unless UNPAID_ORDER_DAYS says otherwise; the reminder goes 2 before. */
export const DEFAULT_UNPAID_ORDER_DAYS = 7;
export const REMINDER_DAYS_BEFORE = 2;

export const paymentMessages = {
  recordButton: "Record payment",
  methodMissing: "Choose how the payment came in",
  referenceMissing: "Enter the payment's reference",
  referenceLong: "A reference is at most 60 characters",
  amountMissing: "Enter the amount received",
  amountShape: "Enter the amount as a number such as 12.99",
  /** The amount must be the order's total: staff are told which. */
  amountWrong: (totalCents: number, currency: string) =>
    `The amount must be the order's total, ${formatMoney(totalCents, currency)}. Nothing was recorded.`,
  alreadyPaid: (orderId: string) => `Order ${orderId} is already paid. Nothing was recorded.`,
  cancelled: (orderId: string) => `Order ${orderId} is cancelled: no payment can be recorded on it.`,
  stale: "This order changed while you were looking at it. Nothing was recorded; check it and try again.",
  recorded: (orderId: string) => `The payment for order ${orderId} is recorded: it is now paid.`,
  /** Why the server refuses to dispatch (as the age check's refusal says why). */
  dispatchRefused: "This order is not paid yet. Record its payment before dispatching the order.",
  /** What the order page says beside the dispatch form while payment is pending. */
  dispatchWaits: "Dispatch is not available yet: no payment has been recorded for this order.",
  dispatchWaitsAge: "Dispatch is not available yet: the customer's age is not verified.",
  received: "Payment received",
  refundButton: "Mark refunded",
  refundAmountLabel: "Amount refunded",
  /** A refund is at most what was paid (staff may refund less: a return's non-standard delivery, for example). */
  refundTooMuch: (paidCents: number, currency: string) =>
    `A refund can be at most what was paid, ${formatMoney(paidCents, currency)}. Nothing was changed.`,
  refundNothing: "Enter the amount refunded, more than 0.00",
  /** A manual refund keeps how the money went back and its reference (a card refund is the provider's own). */
  refundMethodLabel: "Refund method",
  refundReferenceLabel: "Refund reference",
  refundMethodMissing: "Choose how the money went back",
  refundReferenceMissing: "Enter the refund's reference",
  /** Why a manual refund is recorded (the refunds row's reason). */
  refundRecordedReason: "Recorded by staff",
  /** A card payment goes back through the provider, never by a bare 'Mark refunded'. */
  refundByCard: "This order was paid by card online: send the money back with 'Refund to card'. Nothing was changed.",
  /** What the cancel form says beforehand, by how the order was paid. */
  cancelCardRefund: (amount: string) => `The ${amount} paid by card goes back to the card automatically.`,
  cancelCardRelease: (amount: string) => `The ${amount} held on the card is released automatically.`,
  cancelManualRefund: "Record the refund once you have sent it.",
} as const;
