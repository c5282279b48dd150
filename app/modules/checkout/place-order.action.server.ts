/**
 * Placing an order, one home for both ways in: the payment page's form (without JavaScript) and POST /api/orders
 * ('Order via WhatsApp' with JavaScript; server/order-endpoint.ts is only its Express wiring). Both run the checkout
 * pages' own check first (checkCheckoutStep: a signed-in adult, a cart with lines, an address, a shipping choice),
 * then placeOrder (place-order.service.server.ts). docs/decisions/008, 035.
 */
import { randomBytes } from "node:crypto";
import type { ShopContext } from "~/context";
import { fail, httpStatus, type Failure } from "~/lib/result";
import { shopOrdersEmail, taxRule } from "~/lib/config.server";
import { metrics } from "~/lib/metrics.server";
import { isDatabaseUnavailable, warnUnavailable } from "~/lib/unavailable.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { orderMessages, type Order } from "~/modules/orders/orders";
import { findOrderByKey, orderWhatsappUrl } from "~/modules/orders/orders.service.server";
import {
  describeWait,
  ordersPerAccount,
  ordersPerClientAddress,
  takeRateLimits,
} from "~/modules/security/rate-limit.service.server";
import { orderLimitMessages, type OrderLimit } from "./order-limits";
import { unpaidLimits } from "./order-limits.server";
import { checkCheckoutStep, type MissingStep } from "./checkout-guard.server";
import { isIdempotencyKey, placeOrder } from "./place-order.service.server";

type PlaceFailure = Failure & {
  /** The step before payment that is missing, when that is why. */ missing?: MissingStep;
  /** The limit on orders waiting for payment, or on orders an hour, when that is why (docs/decisions/070). */
  limit?: OrderLimit;
};
/**
 * The JSON answer of POST /api/orders: the order, or a failure (app/lib/result.ts); without a code only for an error
 * nobody expected (logged, answered 500 with orderMessages.failed).
 */
export type PlaceAnswer =
  | { ok: true; orderId: string; whatsappUrl: string }
  | PlaceFailure
  | (Omit<PlaceFailure, "code"> & { code?: undefined });
/**
 * The answer, its HTTP status (a failure's from its code: httpStatus), and when a step before payment is missing,
 * which (a page redirects to it); when a limit on orders an hour refused it, how many seconds until one more is allowed
 * (the endpoint's Retry-After).
 */
export type PlaceOutcome = { answer: PlaceAnswer; status: number; missing?: MissingStep; retryAfterSeconds?: number };

/** A refusal, answered with its code's status. */
const refused = (answer: PlaceFailure): PlaceOutcome => ({
  answer,
  status: httpStatus(answer.code),
});

/** Places the shopper's order from a request to either way in; a new one also gets its confirmation e-mail queued. */
export async function placeOrderRequest(context: ShopContext, request: Request, form: FormData): Promise<PlaceOutcome> {
  const gate = await checkCheckoutStep(context, request, "payment");
  if (gate.ok) return placeFor(context, gate.user, form);
  const key = form.get("idempotencyKey");
  if (gate.user && isIdempotencyKey(key)) {
    // A retry of an order this key already placed (a double click, an answer lost on the way): that order emptied the
    // cart and forgot the shipping choice, so the steps look missing; the same order is the answer.
    const placed = await findOrderByKey(context.db, gate.user.id, key);
    if (placed) return placedAnswer(context, placed);
  }
  const { code, message, missing } = gate;
  return { ...refused({ ok: false, code, message, missing }), missing };
}

const placedAnswer = (context: ShopContext, order: Order): PlaceOutcome => ({
  answer: { ok: true, orderId: order.id, whatsappUrl: orderWhatsappUrl(context, order) },
  status: 200,
});

/**
 * Orders placed an hour, per account and per client address (the settings ORDERS_PER_HOUR_PER_ACCOUNT and
 * ORDERS_PER_HOUR_PER_IP), counted in the database so the limit holds across server copies. Counted before the order
 * is placed, and taken back unless an order was really placed (a refusal, a retry of a placed order).
 */
const orderRateLimits = (context: ShopContext, user: SessionUser) =>
  takeRateLimits(context.db, [
    [ordersPerAccount(context.config.ORDERS_PER_HOUR_PER_ACCOUNT), user.id],
    [ordersPerClientAddress(context.config.ORDERS_PER_HOUR_PER_IP), context.clientIp],
  ]);

async function placeFor(context: ShopContext, user: SessionUser, form: FormData): Promise<PlaceOutcome> {
  const key = form.get("idempotencyKey");
  let release = async () => {};
  try {
    const rate = await orderRateLimits(context, user);
    if (!rate.allowed) {
      // A retry of an order already placed is answered with it, however many orders came since.
      const placed = isIdempotencyKey(key) ? await findOrderByKey(context.db, user.id, key) : null;
      if (placed) return placedAnswer(context, placed);
      const message = orderLimitMessages.perHour(describeWait(rate.retryAfterSeconds));
      return {
        ...refused({ ...fail("too-many", message), limit: "orders-per-hour" }),
        retryAfterSeconds: rate.retryAfterSeconds,
      };
    }
    release = rate.release;
    const result = await placeOrder(context.db, user.id, key, taxRule(context.config), {
      lowStockThreshold: context.settings.lowStockThreshold,
      confirmation: { to: user.email, shopName: context.settings.name },
      shopNotice: { to: shopOrdersEmail(context.config), shopName: context.settings.name },
      currency: context.settings.currency,
      unpaid: {
        days: context.config.UNPAID_ORDER_DAYS,
        ageUncheckedDays: context.config.UNPAID_ORDER_DAYS_AGE_UNCHECKED,
        shopName: context.settings.name,
      },
      limits: unpaidLimits(context.config),
    });
    if (!result.ok) {
      const { code, message, limit } = result;
      return refused({ ok: false, code, message, ...(limit && { limit }) });
    }
    // Only an order really placed counts towards the orders an hour (not a refusal, nor a retry of a placed one).
    if (result.created) {
      release = async () => {};
      metrics.orderPlaced();
    }
    return placedAnswer(context, result.order);
  } catch (error) {
    // The transaction did not commit, or its answer was lost: the idempotency key makes a retry safe either way.
    if (isDatabaseUnavailable(error)) {
      warnUnavailable(context.log, error, "order");
      return refused(fail("unavailable", orderMessages.unavailable));
    }
    context.log.error({ err: error }, "placing an order failed");
    return { answer: { ok: false, message: orderMessages.failed }, status: 500 }; // not a Failure: a bug, logged
  } finally {
    await release().catch(() => {}); // a count not taken back only makes the limit a little stricter for an hour
  }
}

export const newIdempotencyKey = () => randomBytes(18).toString("base64url");
