/**
 * The shopper's side of card payments (issue 61, docs/guide/payments.md): whether the shop offers them, paying an
 * order by card, what the return page says and the refunds on the customer's order page. The routes stay thin
 * (app/routes/payment.tsx, payment-return.tsx, account-order.tsx) and call these.
 */
import type { ShopContext } from "~/context";
import { formatMoney } from "~/lib/money";
import { fail, ok, type Result } from "~/lib/result";
import type { Order } from "~/modules/orders/orders";
import { findOrder, orderWhatsappUrl } from "~/modules/orders/orders.service.server";
import { paymentMethodLabels, type PaymentMethod } from "~/modules/orders/payments";
import {
  cardMessages,
  refundStateLabels,
  returnOutcomeOf,
  type CustomerRefund,
  type ReturnOutcome,
} from "./card-payments";
import { noteShopperReturn, orderMoney, refundsOf, startCardPayment } from "./card-payments.service.server";
import { cardProviderFor, paymentShop } from "./providers.server";

/** Card payments as the pages offer them: null when the shop takes none (PAYMENT_PROVIDER=manual). */
export type CardOffer = { test: boolean } | null;

export function cardOffer(context: Pick<ShopContext, "config">): CardOffer {
  const provider = cardProviderFor(context.config);
  return provider ? { test: provider.test } : null;
}

/** Starts paying the customer's own order by card: the provider's hosted page to send them to. */
export async function payByCard(
  context: Pick<ShopContext, "db" | "config">,
  customerId: string,
  orderId: string,
): Promise<Result<{ url: string }>> {
  const provider = cardProviderFor(context.config);
  if (!provider) return fail("wrong-state", cardMessages.cardUnavailable);
  const started = await startCardPayment(context.db, provider, paymentShop(context.config), { orderId, customerId });
  return started.ok ? ok({ url: started.url }) : started;
}

/** The return page's address when the card payment page could not be opened for an order. */
export const providerDownPath = (orderId: string) =>
  `/payment/return?order=${encodeURIComponent(orderId)}&result=error`;

export type ReturnView = {
  orderId: string;
  /** What happened, by what the shop knows; `provider-down`: the payment page never opened. */
  outcome: ReturnOutcome | "provider-down";
  total: string;
  whatsappUrl: string;
};

/**
 * What the return page says. `ref` is the attempt's reference (the provider is asked where it stands: the return
 * itself proves nothing); without one, `order` and `result=error` say the payment page did not open. Null when there
 * is no such payment or order of this customer's (the page answers 404).
 */
export async function shopperReturnView(
  context: ShopContext,
  customerId: string,
  search: URLSearchParams,
): Promise<ReturnView | null> {
  const reference = search.get("ref");
  const hint = search.get("result");
  if (reference) {
    const provider = cardProviderFor(context.config);
    if (!provider) return null;
    const back = await noteShopperReturn(context.db, provider, paymentShop(context.config), {
      reference,
      customerId,
    });
    if (!back.ok) return null;
    const order = await findOrder(context.db, customerId, back.orderId);
    return order && returnView(context, order, returnOutcomeOf(back.state, hint));
  }
  const orderId = search.get("order");
  if (hint !== "error" || !orderId) return null;
  const order = await findOrder(context.db, customerId, orderId);
  return order && returnView(context, order, "provider-down");
}

const returnView = (context: ShopContext, order: Order, outcome: ReturnView["outcome"]): ReturnView => ({
  orderId: order.id,
  outcome,
  total: formatMoney(order.totalCents, order.currency),
  whatsappUrl: orderWhatsappUrl(context, order),
});

/**
 * Whether the customer's order page offers 'Pay by card': a card provider set, the order neither paid, cancelled nor
 * sent, and no card payment held or taken on it already (startCardPayment's own rules, checked again when pressed).
 */
export async function cardPayable(context: Pick<ShopContext, "db" | "config">, order: Order): Promise<boolean> {
  if (!cardProviderFor(context.config)) return false;
  if (order.paymentStatus !== "pending" || (order.status !== "pending" && order.status !== "confirmed")) return false;
  const { attempts } = await orderMoney(context.db, order.id);
  return !attempts.some((a) => a.state === "authorised" || a.state === "captured");
}

/** An order's refunds as its customer's page lists them, oldest first. */
export async function customerRefunds(context: Pick<ShopContext, "db">, orderId: string): Promise<CustomerRefund[]> {
  return (await refundsOf(context.db, orderId)).map((r) => ({
    id: r.id,
    at: r.createdAt,
    amount: formatMoney(r.amountCents, r.currency),
    state: refundStateLabels[r.state],
    how: r.card ? cardMessages.refundToCard : (paymentMethodLabels[r.method as PaymentMethod] ?? r.method),
  }));
}
