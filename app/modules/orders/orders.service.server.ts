import { PostgresAdapter } from "kysely";
import type { Db } from "~/db/database.server";
import { newOrderId } from "~/lib/ids.server";
import { totals } from "~/lib/pricing";
import { newJob } from "~/modules/jobs/jobs.service.server";
import { getCart } from "~/modules/cart/cart.service.server";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { StockKind } from "~/modules/stock/stock";
import { NotEnoughStockError, takeStockForOrder } from "~/modules/stock/stock.service.server";
import { holdForAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { isoDateInLondon, scheduleDays, shippingCost, shippingMethodSchema, shippingNames } from "~/modules/checkout/shipping";
import { ORDER_ID, orderMessages, type Order, type OrderStatus, type PaymentStatus } from "./orders";
import * as repo from "./orders.repository.server";
import { isUniqueViolation } from "~/db/errors.server";

export type PlaceResult = { ok: true; order: Order; created: boolean } | { ok: false; message: string };

export type PlaceOptions = {
  now?: Date;
  /** At or under this many units left an item shows 'Only N left': an order that gets there drops cached pages. */
  lowStockThreshold?: number;
  /** Queue the confirmation e-mail to this address, in the order's own transaction. */
  confirmation?: { to: string; shopName: string };
};

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Places the shopper's order from the server's own view of cart, address and shipping: every price and total is
 * recomputed; order and lines are saved in one transaction, then the cart and the shipping choice are emptied.
 * The same idempotency key always gives the same order (a double click, a retry, a second tab). The stock of every
 * line is taken in the same transaction, never below zero: not enough of one item refuses the order and saves nothing.
 * The confirmation e-mail is a job written in the same transaction: no order without it, and no e-mail for an order
 * rolled back.
 */
export async function placeOrder(db: Db, userId: string, idempotencyKey: unknown, taxRatePercent: number, options: PlaceOptions = {}): Promise<PlaceResult> {
  const now = options.now ?? new Date();
  if (typeof idempotencyKey !== "string" || !KEY.test(idempotencyKey)) return { ok: false, message: orderMessages.missingKey };
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  try {
    return await db.transaction().execute(async (trx): Promise<PlaceResult> => {
      // The checkout state with its address, which must be this shopper's own. One placement per shopper at a
      // time: on PostgreSQL reading the state locks it (FOR UPDATE; there is no order without one), SQLite has one
      // writer anyway. Then look for this key: an order placed with it a moment ago has emptied the cart.
      const chosen = await repo.findCheckoutChoice(trx, userId, postgres);
      const placed = await findOrderByKey(trx, userId, idempotencyKey);
      if (placed) return { ok: true, order: placed, created: false };
      if (!chosen?.title || !chosen.type || !chosen.address || !chosen.phone) return { ok: false, message: orderMessages.noAddress };
      const address = { title: chosen.title, type: chosen.type, address: chosen.address, phone: chosen.phone };
      const method = shippingMethodSchema.safeParse(chosen.shipping_method);
      const state = { shippingMethod: method.success ? method.data : null, deliveryDate: chosen.delivery_date };
      const cart = await getCart(trx, userId, taxRatePercent);
      if (cart.lines.length === 0) return { ok: false, message: orderMessages.emptyCart };
      for (const line of cart.lines) {
        if (typeof line.name !== "string" || line.name.trim() === "") return { ok: false, message: `Invalid product name for item: ${line.itemId}` };
        if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0) return { ok: false, message: `Invalid price for ${line.name}` };
      }
      if (!state.shippingMethod || !state.deliveryDate) return { ok: false, message: "Please choose a shipping method" };
      const today = isoDateInLondon(now);
      if (state.shippingMethod === "schedule" && !scheduleDays(today).includes(state.deliveryDate)) {
        return { ok: false, message: "Please pick a delivery day within the next 15 days" };
      }
      const money = totals(cart.lines, taxRatePercent, shippingCost(state.shippingMethod));
      const id = newOrderId();
      const stamp = now.toISOString();
      const orderRow = {
        id,
        user_id: userId,
        idempotency_key: idempotencyKey,
        status: "pending",
        payment_status: "pending",
        address_title: address.title,
        address_type: address.type,
        address_text: address.address,
        address_phone: address.phone,
        shipping_method: state.shippingMethod,
        delivery_date: state.deliveryDate,
        shipping_cents: money.shippingCents,
        subtotal_cents: money.subtotalCents,
        tax_cents: money.taxCents,
        total_cents: money.totalCents,
        created_at: stamp,
        updated_at: stamp,
      };
      const lines = cart.lines.map((line) => ({
        kind: line.kind,
        itemId: line.itemId,
        name: line.name,
        image: line.image,
        flavor: line.displayFlavor,
        nicotineStrength: line.nicotineStrength,
        puffCount: line.puffCount,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        lineTotalCents: line.lineTotalCents,
      }));
      const lineRows = lines.map((line, position) => ({
        order_id: id,
        position,
        kind: line.kind,
        item_id: line.itemId,
        name: line.name,
        image: line.image,
        flavor: line.flavor,
        nicotine_strength: line.nicotineStrength,
        puff_count: line.puffCount,
        unit_price_cents: line.unitPriceCents,
        quantity: line.quantity,
        line_total_cents: line.lineTotalCents,
      }));
      // UK: an account whose age check failed may not order; one not checked yet gets a check opened (the order is
      // placed, and held back from dispatch until the check passes).
      const age = await holdForAgeCheck(trx, userId, stamp, chosen.age_status ?? null);
      if (age.refused) return { ok: false, message: age.refused };
      const stock = await takeStockForOrder(
        trx,
        id,
        { id: userId, name: "Customer" },
        lines.map((l) => ({ kind: l.kind as StockKind, itemId: l.itemId, name: l.name, quantity: l.quantity })),
        options.lowStockThreshold ?? 5,
        stamp,
        { deferMovements: postgres },
      );
      if (stock.lowNow) await bumpStorefrontVersion(trx);
      const order: Order = {
        id,
        status: "pending",
        paymentStatus: "pending",
        createdAt: stamp,
        address: { title: address.title, type: address.type, address: address.address, phone: address.phone },
        shipping: { method: shippingNames[state.shippingMethod], deliveryDate: state.deliveryDate, costCents: money.shippingCents },
        subtotalCents: money.subtotalCents,
        taxCents: money.taxCents,
        totalCents: money.totalCents,
        lines,
      };
      // Save the order, its lines and its confirmation job, and empty the cart. The address stays chosen for next
      // time; the shipping choice (and its date) does not. PostgreSQL does it in one statement (data-modifying CTEs),
      // SQLite in five.
      const resetShipping = { shipping_method: null, delivery_date: null, updated_at: stamp };
      const confirmation = options.confirmation;
      const jobRows = confirmation ? [newJob("order-confirmation", { to: confirmation.to, shopName: confirmation.shopName, order }, now)] : [];
      // A new customer's first order opens their age check: the checker runs as a job too (docs/decisions/015).
      if (age.opened) jobRows.push(newJob("age-check", { userId }, now));
      await repo.saveOrder(trx, { userId, orderRow, lineRows, jobRows, movements: stock.movements, resetShipping }, postgres);
      return { ok: true, order, created: true };
    });
  } catch (error) {
    if (error instanceof NotEnoughStockError) return { ok: false, message: error.message };
    // Two requests with one key at once: the second loses the unique index race and returns the first's order.
    if (isUniqueViolation(error)) {
      const winner = await findOrderByKey(db, userId, idempotencyKey);
      if (winner) return { ok: true, order: winner, created: false };
    }
    throw error;
  }
}

async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
  const id = await repo.findOrderIdByKey(db, userId, key);
  return id ? findOrder(db, userId, id) : null;
}

/** One of this shopper's orders; another shopper's id is simply not found. */
export async function findOrder(db: Db, userId: string, id: string): Promise<Order | null> {
  if (!ORDER_ID.test(id)) return null;
  const row = await repo.findOrderRow(db, userId, id);
  if (!row) return null;
  const lines = await repo.findOrderLines(db, id);
  return {
    id: row.id,
    status: row.status as OrderStatus,
    paymentStatus: row.payment_status as PaymentStatus,
    createdAt: row.created_at,
    address: { title: row.address_title, type: row.address_type, address: row.address_text, phone: row.address_phone },
    shipping: { method: shippingNames[row.shipping_method as keyof typeof shippingNames] ?? row.shipping_method, deliveryDate: row.delivery_date, costCents: row.shipping_cents },
    subtotalCents: row.subtotal_cents,
    taxCents: row.tax_cents,
    totalCents: row.total_cents,
    lines: lines.map((l) => ({
      kind: l.kind,
      itemId: l.item_id,
      name: l.name,
      image: l.image,
      flavor: l.flavor,
      nicotineStrength: l.nicotine_strength,
      puffCount: l.puff_count,
      unitPriceCents: l.unit_price_cents,
      quantity: l.quantity,
      lineTotalCents: l.line_total_cents,
    })),
  };
}

/** The shopper's orders, newest first (at most 100). */
export const listOrders = (db: Db, userId: string) => repo.listOrderRows(db, userId);
