/**
 * The one write of an order's state (docs/decisions/073): the conditional update every transition makes, through
 * order-lifecycle.service.server.ts only. Also the order's row as a transition reads it.
 */
import type { Db } from "~/db/database.server";
import type { OrderField } from "./order-lifecycle";
import type { OrderStatus, PaymentStatus } from "./orders";

/** The order as a transition reads it: its state, what it cost, and who to e-mail (a deleted account: no one). */
export function findOrderForChange(db: Db, orderId: string, customerId?: string) {
  let query = db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select([
      "o.id",
      "o.status",
      "o.payment_status",
      "o.user_id",
      "o.total_cents",
      "o.currency",
      "u.email",
      "u.name",
      "u.firstName",
      "u.deletedAt",
    ])
    .where("o.id", "=", orderId);
  if (customerId !== undefined) query = query.where("o.user_id", "=", customerId);
  return query.executeTakeFirst();
}

export type OrderMoveWrite = {
  field: OrderField;
  from: OrderStatus | PaymentStatus;
  to: OrderStatus | PaymentStatus;
  /** The other column must still hold one of these. */
  when?: { status?: readonly OrderStatus[]; paymentStatus?: readonly PaymentStatus[] };
  /** A dispatch's courier and tracking number, written with it. */
  dispatch?: { courier: string; trackingNumber: string } | null;
};

/**
 * Moves `field` from `from` to `to` only if it is still `from` and the other column still as `when` says (true); a
 * change landing first wins, and this one writes nothing.
 */
export async function moveOrderIfStill(db: Db, orderId: string, move: OrderMoveWrite, at: string): Promise<boolean> {
  const column = move.field === "status" ? "status" : "payment_status";
  let update = db
    .updateTable("orders")
    .set({
      [column]: move.to,
      updated_at: at,
      ...(move.dispatch && { courier: move.dispatch.courier, tracking_number: move.dispatch.trackingNumber }),
    })
    .where("id", "=", orderId)
    .where(column, "=", move.from);
  if (move.when?.status) update = update.where("status", "in", [...move.when.status]);
  if (move.when?.paymentStatus) update = update.where("payment_status", "in", [...move.when.paymentStatus]);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Whether an order has card money held or taken (its cancellation then queues the refund): read from the payments'
 * attempts, which the payments module writes (docs/decisions/078), so that orders need not import payments.
 */
export async function hasCardMoney(db: Db, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom("payment_attempts")
    .select("id")
    .where("order_id", "=", orderId)
    .where("state", "in", ["authorised", "captured"])
    .executeTakeFirst();
  return row !== undefined;
}
