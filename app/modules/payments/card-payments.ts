/**
 * Card payments' states and words (client-safe, no I/O; docs/decisions/078, docs/guide/payments.md).
 *
 * An attempt moves forward only: `created` (the hosted page set up) → `pending` (the shopper is back, or the
 * provider said it waits) → `authorised` (held on the card) → `captured` (taken: the order is paid); or it ends
 * `refused`, `error`, `cancelled` (an authorisation released) or `abandoned` (nobody finished it in time). A payment
 * the provider reports after the shop gave it up (abandoned) is still taken in: the money came.
 */
import { attemptStates, refundStates, type AttemptState, type RefundState } from "~/db/values";
import { formatMoney } from "~/lib/money";

export { attemptStates, refundStates, type AttemptState, type RefundState };

/** Where each state may go next. */
export const attemptMoves: Record<AttemptState, readonly AttemptState[]> = {
  created: ["pending", "authorised", "captured", "refused", "error", "abandoned"],
  pending: ["authorised", "captured", "refused", "error", "abandoned"],
  authorised: ["captured", "cancelled"],
  captured: [],
  refused: [],
  error: [],
  cancelled: [],
  abandoned: ["authorised", "captured"],
};

/** Whether an attempt may move from `from` to `to` (never back, never sideways). */
export const canMoveAttempt = (from: AttemptState, to: AttemptState) => attemptMoves[from].includes(to);

/** An attempt still waiting for its outcome (the reconciling job asks about these). */
export const openAttemptStates = ["created", "pending"] as const satisfies readonly AttemptState[];
/** An attempt that ended without money (the shopper may try again). */
export const failedAttemptStates = [
  "refused",
  "error",
  "cancelled",
  "abandoned",
] as const satisfies readonly AttemptState[];

export const attemptStateLabels: Record<AttemptState, string> = {
  created: "Waiting for the shopper",
  pending: "Being confirmed",
  authorised: "Authorised (not taken yet)",
  captured: "Paid",
  refused: "Declined",
  cancelled: "Authorisation released",
  abandoned: "Abandoned",
  error: "Failed",
};

export const refundStateLabels: Record<RefundState, string> = {
  requested: "Being sent",
  sent: "Sent to the provider",
  confirmed: "Refunded",
  failed: "Failed",
};

/** A refund still on its way (a second one waits until it has gone). */
export const refundInFlight = (state: RefundState) => state === "requested";

/** What the shopper's return page says, by what the shop knows (never by the return address alone). */
export type ReturnOutcome = "paid" | "declined" | "pending" | "abandoned";

export const cardMessages = {
  payButton: "Pay by card",
  whatsappButton: "Order via WhatsApp",
  /** Said before paying, beside the button (the issue: the customer is told before paying). */
  ageNote:
    "A new customer's age is checked before we dispatch (UK law: 18+). If the check fails, we cancel the order and refund your card in full.",
  testBanner: "Test payments: no real money is taken.",
  /** 'How you pay' before ordering when cards are taken (the manual shop's words: orders/cancellation.ts). */
  paymentArrangement:
    "Pay by card now on our payment provider's secure page (your card details go to them, never to us), or order via WhatsApp and pay as we arrange with you there. We dispatch your order once your payment has arrived.",
  /** Beside the buttons when cards are taken: what 'Order via WhatsApp' does. */
  whatsappAtButton:
    "Order via WhatsApp: nothing is taken now; your order is saved and sent to us on WhatsApp, where we send the payment details.",
  returnTitle: {
    paid: "Payment received",
    declined: "Your payment did not go through",
    pending: "We are confirming your payment",
    abandoned: "Your payment was not finished",
  } satisfies Record<ReturnOutcome, string>,
  returnText: {
    paid: (orderId: string, total: string) =>
      `Thank you: we have received ${total} for order ${orderId}. We have e-mailed you a confirmation.`,
    declined: (orderId: string) =>
      `Your card was declined or not confirmed by your bank, and nothing was taken. Order ${orderId} is saved: try again with a card, or order via WhatsApp and pay as we arrange with you.`,
    pending: (orderId: string) =>
      `Your bank or the payment provider has not confirmed the payment for order ${orderId} yet. There is nothing more to do: we will e-mail you as soon as it is confirmed.`,
    abandoned: (orderId: string) => `Order ${orderId} is saved but not paid. Pay by card again, or order via WhatsApp.`,
  },
  tryAgain: "Try the card again",
  viewOrder: "View your order",
  /** The return page's title when the card payment page could not be opened at all. */
  providerDownTitle: "The card payment page did not open",
  /** A card payment asked for where none is offered (the shop's settings changed since the page was drawn). */
  cardUnavailable: "Card payments are not available just now: nothing was ordered. Order via WhatsApp instead.",
  /** The order page's section for paying an unpaid order by card. */
  payOrderTitle: "Pay for this order",
  refundsTitle: "Refunds",
  /** How a refund came back, when it went to the card paid with. */
  refundToCard: "To your card",
  providerDown:
    "We could not open the card payment page just now. Your order is saved: try again in a moment from your order, or order via WhatsApp.",
  tooManyTries:
    "This order has been tried by card too many times. Order via WhatsApp, or contact us and we will help you pay.",
  notPayable: "This order cannot be paid by card now: it is paid, cancelled or waiting for a payment already made.",
  refundButton: "Refund",
  refundAmountLabel: "Amount to refund",
  refundReasonLabel: "Reason",
  refundReasonMissing: "Say why (the customer's e-mail does not show it)",
  refundNothing: "Enter an amount more than 0.00",
  refundTooMuch: (leftCents: number, currency: string) =>
    `A refund can be at most what is left of the payment, ${formatMoney(leftCents, currency)}. Nothing was sent.`,
  refundInFlight: "A refund of this order is being sent: wait for it before sending another.",
  refundNoPayment: "This order has no card payment to refund.",
  refundQueued: (amount: string) => `The refund of ${amount} is being sent to the card.`,
  refundTitle: (orderId: string) => `Refund for order ${orderId}`,
} as const;

/**
 * What the shopper's return page says of an attempt in `state`. The return address's `result` hint never decides
 * anything, with one exception of wording only: a shopper who pressed the page's own Cancel (`result=cancel`) while
 * the provider still knows of no payment is told the payment was not finished, not that it is being confirmed.
 */
export function returnOutcomeOf(state: AttemptState, hint: string | null): ReturnOutcome {
  if (state === "captured") return "paid";
  if (state === "abandoned") return "abandoned";
  if (state === "refused" || state === "error" || state === "cancelled") return "declined";
  if (hint === "cancel" && state !== "authorised") return "abandoned";
  return "pending";
}

/** A refund as the customer's order page lists it. */
export type CustomerRefund = {
  id: string;
  at: string;
  amount: string;
  /** Its state's label (refundStateLabels). */
  state: string;
  /** How it came back: to the card, or the way staff recorded it. */
  how: string;
};

/** The reference of an order's `n`th attempt at the provider: the order's id and the try. */
export const attemptReference = (orderId: string, n: number) => `${orderId}-${n}`;
