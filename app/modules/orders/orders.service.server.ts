import type { Db } from "~/db/database.server";
import { ORDER_ID, shippingNames, type Order } from "./orders";
import * as repo from "./orders.repository.server";

// Reading a shopper's orders. Placing one is the last step of checkout: modules/checkout/place-order.server.ts.

/** The shopper's order placed with this idempotency key, if any. */
export async function findOrderByKey(db: Db, userId: string, key: string): Promise<Order | null> {
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
    status: row.status,
    paymentStatus: row.payment_status,
    createdAt: row.created_at,
    address: { title: row.address_title, type: row.address_type, address: row.address_text, phone: row.address_phone },
    shipping: {
      method: shippingNames[row.shipping_method] ?? row.shipping_method,
      deliveryDate: row.delivery_date,
      costCents: row.shipping_cents,
    },
    subtotalCents: row.subtotal_cents,
    taxCents: row.tax_cents,
    taxIncluded: row.tax_included === 1,
    totalCents: row.total_cents,
    dispatch: row.courier && row.tracking_number ? { courier: row.courier, trackingNumber: row.tracking_number } : null,
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
