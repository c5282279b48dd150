// Set-up for the back-office card payment tests: an order paid (or authorised) by card as the provider would report it,
// through the payments module's own functions (the attempt started, then the provider's event applied).
import type { Db } from "~/db/database.server";
import type { CardPaymentProvider, ProviderEvent } from "~/modules/payments/payment-provider.server";
import { applyProviderEvent, startCardPayment } from "~/modules/payments/card-payments.service.server";

const unused = () => Promise.reject(new Error("not asked in these tests"));

/** A provider that only opens its hosted page: every event comes from the test, as a verified webhook would. */
export const testProvider: CardPaymentProvider = {
  name: "worldpay",
  test: true,
  createHostedPage: (request) => Promise.resolve({ url: `https://pay.test/hpp/${request.reference}` }),
  status: unused,
  settle: unused,
  cancel: unused,
  refund: unused,
  verifyWebhook: () => true,
  readWebhook: () => null,
};

export const paymentShop = {
  shopName: "Vapour Lane",
  baseUrl: "http://shop.test",
  checkSeconds: 60,
  pendingMinutes: 30,
};

/**
 * Starts paying `orderId` by card as its customer and applies the provider's `kind` event for the order's total
 * ("captured": the order is paid; "authorised": held, waiting to be taken). Returns the attempt's reference.
 */
export async function payByCard(
  db: Db,
  order: { id: string; userId: string; totalCents: number },
  kind: "captured" | "authorised" = "captured",
  now = new Date("2026-11-29T10:00:00.000Z"),
): Promise<string> {
  const started = await startCardPayment(db, testProvider, paymentShop, {
    orderId: order.id,
    customerId: order.userId,
    now,
  });
  if (!started.ok) throw new Error(`payByCard ${order.id}: ${started.message}`);
  const event: ProviderEvent = {
    eventId: `evt-${started.reference}-${kind}`,
    reference: started.reference,
    kind,
    type: kind === "captured" ? "sentForSettlement" : "authorized",
    amountCents: order.totalCents,
    currency: "GBP",
    refundReference: null,
  };
  const outcome = await applyProviderEvent(db, testProvider, paymentShop, event, "webhook", now);
  if (outcome !== "applied") throw new Error(`payByCard ${order.id}: ${outcome}`);
  return started.reference;
}
