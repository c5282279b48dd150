import { bumpStorefrontVersion } from "~/db/content-version.server";
import { fail, type Result } from "~/lib/result";
import { writeTogether, type Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { isUniqueViolation } from "~/db/errors.server";
import { newOrderId } from "~/lib/ids.server";
import { lineTotal, totals, type TaxRule } from "~/lib/pricing";
import { shopDate } from "~/lib/shop-time";
import { isComplete, type DeliveryAddress } from "~/lib/uk-address";
import { holdForAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { emptyCartWrite, getCart, type CartLine } from "~/modules/cart/cart.service.server";
import { jobsWrite, newJob } from "~/modules/jobs/jobs.service.server";
import { ageCheckJob } from "~/modules/age-checks/age-checks.jobs";
import { newOrderMailJob, orderConfirmationJob } from "~/modules/orders/orders.jobs";
import { unpaidOrderJobs } from "~/modules/orders/payments.service.server";
import { orderMessages, type Order } from "~/modules/orders/orders";
import { findOrderByKey, orderWrites, unpaidHolds } from "~/modules/orders/orders.service.server";
import { movementsWrite, takeStockForOrder } from "~/modules/stock/stock.service.server";
import { clearShippingChoice, findPlacementChoice } from "./checkout.repository.server";
import { daysOnOffer, pickDayMessage, promisedDay, shippingMessages, shippingPriceFor } from "./shipping";
import { findShippingMethod } from "./shipping-methods.service.server";
import { variantName } from "~/modules/catalog/variants";
import { judgeUnpaidLimits, unpaidDaysFor, type OrderLimit, type UnpaidLimits } from "./order-limits";

/** A refusal by one of the limits on orders waiting for payment says which (`limit`). */
export type PlaceResult = Result<{ order: Order; created: boolean }, { limit?: OrderLimit }>;

export type PlaceOptions = {
  now?: Date;
  /** At or under this many units left an item shows 'Only N left': an order that gets there drops cached pages. */
  lowStockThreshold?: number;
  /** Queue the confirmation e-mail to this address, in the order's own transaction. */
  confirmation?: { to: string; shopName: string };
  /** Queue the shop's e-mail about the new order to this address (SHOP_ORDERS_EMAIL), in the order's transaction. */
  shopNotice?: { to: string; shopName: string };
  /** The shop's currency (SHOP_CURRENCY), kept on the order (decision 036); GBP unless told. */
  currency?: string;
  /**
   * UNPAID_ORDER_DAYS: queue, with the order, the reminder and the cancellation of an order whose payment does not
   * come in time (delayed jobs: docs/decisions/045); `ageUncheckedDays` (UNPAID_ORDER_DAYS_AGE_UNCHECKED), when
   * shorter, for an account whose age is not verified yet (docs/decisions/070).
   */
  unpaid?: { days: number; ageUncheckedDays?: number; shopName: string };
  /** What the orders waiting for payment may hold per account and per delivery address (docs/decisions/070). */
  limits?: UnpaidLimits;
};

const KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** What an order form's idempotency key looks like (anything else is refused before the database sees it). */
export const isIdempotencyKey = (key: unknown): key is string => typeof key === "string" && KEY.test(key);

/**
 * The last step of checkout: places the shopper's order from the server's own view of cart, address and shipping.
 * Every price and total is recomputed; in one transaction the order and its lines are saved, the stock of every line
 * taken (never below zero: not enough of one item refuses the order, "out-of-stock", and saves nothing), the confirmation e-mail
 * queued as a job (no order without it, no e-mail for an order rolled back) with the unpaid-order jobs, the cart emptied and the shipping
 * choice forgotten. The same idempotency key always gives the same order (a double click, a retry, a second tab).
 */
export async function placeOrder(
  db: Db,
  userId: string,
  idempotencyKey: unknown,
  tax: TaxRule,
  options: PlaceOptions = {},
): Promise<PlaceResult> {
  const now = options.now ?? new Date();
  if (!isIdempotencyKey(idempotencyKey)) return fail("invalid", orderMessages.missingKey);
  try {
    // A refusal rolls back whatever was written before it (an age check opened, stock taken of an earlier line).
    return await inTransaction(db, async (trx): Promise<PlaceResult> => {
      // The checkout state first: reading it makes one placement per shopper at a time (see findPlacementChoice).
      const chosen = await findPlacementChoice(trx, userId);
      const cart = await getCart(trx, userId, tax);
      // An order placed with this key a moment ago (a double click, a retry) emptied the cart and forgot the
      // shipping choice: then, and only then, is the key looked up (one round trip less for every other order).
      if (cart.lines.length === 0 || !chosen?.shipping_method) {
        const placed = await findOrderByKey(trx, userId, idempotencyKey);
        if (placed) return { ok: true, order: placed, created: false };
      }
      if (!chosen?.type || !chosen.line1 || !chosen.phone) return fail("invalid", orderMessages.noAddress);
      const address: DeliveryAddress = {
        title: chosen.title ?? "",
        type: chosen.type,
        recipient: chosen.recipient ?? "",
        line1: chosen.line1,
        line2: chosen.line2 ?? "",
        town: chosen.town ?? "",
        postcode: chosen.postcode ?? "",
        phone: chosen.phone,
      };
      // An address saved before the UK form has only its first line: the shopper completes it before ordering.
      if (!isComplete(address)) return fail("invalid", orderMessages.incompleteAddress);
      if (cart.lines.length === 0) return fail("invalid", orderMessages.emptyCart);
      const invalid = cart.lines.map(invalidLine).find(Boolean);
      if (invalid) return fail("invalid", invalid);
      if (!chosen.shipping_method || !chosen.delivery_date) return fail("invalid", orderMessages.noShipping);
      // The server decides the method's price and day from the shop's methods now (docs/decisions/082): a method
      // retired since it was chosen is refused; a picked day must still be on offer; any other day is the promised one.
      const method = await findShippingMethod(trx, chosen.shipping_method);
      if (!method || method.retired) return fail("invalid", shippingMessages.notOffered);
      const today = shopDate(now);
      const deliveryDate = method.customerPicksDay ? chosen.delivery_date : promisedDay(method, today);
      if (!daysOnOffer(method, today).includes(deliveryDate)) return fail("invalid", pickDayMessage(method));
      // UK: an account whose age check failed may not order; one not checked yet gets a check opened (the order is
      // placed, and held back from dispatch until the check passes).
      const stamp = now.toISOString();
      const age = await holdForAgeCheck(trx, userId, stamp);
      if (age.refused) return fail("invalid", age.refused);
      // An unpaid order keeps its stock off sale: one account, or one address, may hold only so much at once.
      if (options.limits) {
        const units = cart.lines.reduce((sum, line) => sum + line.quantity, 0);
        const refusal = judgeUnpaidLimits(
          options.limits,
          await unpaidHolds(trx, userId, address, { lock: true }),
          units,
        );
        if (refusal) return { ...fail("wrong-state", refusal.message), limit: refusal.limit };
      }

      const subtotal = cart.lines.reduce((sum, line) => sum + lineTotal(line), 0);
      const money = totals(cart.lines, tax, shippingPriceFor(method, subtotal));
      const id = newOrderId();
      const lines = cart.lines.map(orderLine);
      const stock = await takeStockForOrder(
        trx,
        id,
        { id: userId, name: "Customer" },
        cart.lines.map((l) => ({ ...l, name: variantName(l.name, l) })),
        options.lowStockThreshold ?? 5,
        stamp,
        { deferMovements: true },
      );
      if (!stock.ok) return stock;
      if (stock.lowNow) await bumpStorefrontVersion(trx);
      const order: Order = {
        id,
        status: "pending",
        paymentStatus: "pending",
        createdAt: stamp,
        address,
        shipping: { method: method.name, deliveryDate, costCents: money.shippingCents },
        subtotalCents: money.subtotalCents,
        taxCents: money.taxCents,
        taxIncluded: money.taxIncluded,
        taxRatePercent: tax.ratePercent,
        currency: options.currency ?? "GBP",
        totalCents: money.totalCents,
        lines,
        dispatch: null,
      };
      const jobs = options.confirmation ? [newJob(orderConfirmationJob, { ...options.confirmation, order }, now)] : [];
      // The shop is told of the order (docs/decisions/084): the job is the record, so a crash after the commit loses nothing.
      if (options.shopNotice) {
        const { totalCents, currency } = order;
        jobs.push(newJob(newOrderMailJob, { ...options.shopNotice, orderId: id, totalCents, currency }, now));
      }
      // A new customer's first order opens their age check: the checker runs as a job too (docs/decisions/015).
      if (age.opened) jobs.push(newJob(ageCheckJob, { userId }, now));
      // An order that is not paid in time is chased, then cancelled: both jobs wait in the queue from now on.
      if (options.unpaid) {
        const { days, ageUncheckedDays = days, shopName } = options.unpaid;
        const waits = unpaidDaysFor(age.verified, { verified: days, ageUnchecked: ageUncheckedDays });
        jobs.push(...unpaidOrderJobs(id, shopName, waits, now));
      }
      await writeTogether(trx, [
        ...orderWrites(trx, order, {
          userId,
          idempotencyKey,
          shippingMethod: method.id,
          addressType: chosen.type,
        }),
        jobsWrite(trx, jobs),
        movementsWrite(trx, stock.movements),
        emptyCartWrite(trx, userId),
        clearShippingChoice(trx, userId, stamp),
      ]);
      return { ok: true, order, created: true };
    });
  } catch (error) {
    // Two requests with one key at once: the second loses the unique index race and returns the first's order.
    if (isUniqueViolation(error)) {
      const winner = await findOrderByKey(db, userId, idempotencyKey);
      if (winner) return { ok: true, order: winner, created: false };
    }
    throw error;
  }
}

/** A cart line the order cannot take, said in a sentence; null when it is fine. */
function invalidLine(line: CartLine): string | null {
  if (typeof line.name !== "string" || line.name.trim() === "") return `Invalid product name for item: ${line.itemId}`;
  if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) return `Invalid price for ${line.name}`;
  return null;
}

const orderLine = (line: CartLine): Order["lines"][number] => ({
  kind: line.kind,
  itemId: line.itemId,
  variantId: line.variantId,
  sku: line.sku,
  deviceName: line.deviceName,
  name: line.name,
  image: line.image,
  flavour: line.displayFlavour,
  nicotineStrength: line.nicotineStrength,
  puffCount: line.puffCount,
  unitPriceCents: line.unitPriceCents,
  quantity: line.quantity,
  lineTotalCents: line.lineTotalCents,
});
