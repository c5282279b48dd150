/** The queries behind recorded payments and the unpaid-order jobs (docs/decisions/045). */
import type { Db } from "~/db/database.server";
import type { Insertable } from "kysely";
import type { OrderPaymentsTable } from "~/db/schema";
import type { OrderStatus } from "./orders";

/** What paying or chasing an order needs: its state, its total and who to e-mail (a deleted account: no one). */
export const findPayableOrder = (db: Db, orderId: string) =>
  db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select([
      "o.id",
      "o.status",
      "o.payment_status",
      "o.total_cents",
      "o.currency",
      "o.created_at",
      "o.user_id",
      "u.email",
      "u.name",
      "u.firstName",
      "u.deletedAt",
    ])
    .where("o.id", "=", orderId)
    .executeTakeFirst();

/** Marks the order paid only if its payment is still pending and it is not cancelled (true); a change first wins. */
export async function markPaidIfStill(db: Db, orderId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ payment_status: "paid", updated_at: at })
    .where("id", "=", orderId)
    .where("payment_status", "=", "pending")
    .where("status", "!=", "cancelled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Cancels an unpaid order only if it is still `from` and still unpaid (true). */
export async function cancelUnpaidIfStill(db: Db, orderId: string, from: OrderStatus, at: string): Promise<boolean> {
  const result = await db
    .updateTable("orders")
    .set({ status: "cancelled", updated_at: at })
    .where("id", "=", orderId)
    .where("status", "=", from)
    .where("payment_status", "=", "pending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPayment(db: Db, row: Insertable<OrderPaymentsTable>): Promise<void> {
  await db.insertInto("order_payments").values(row).execute();
}

export const findPayment = (db: Db, orderId: string) =>
  db.selectFrom("order_payments").selectAll().where("order_id", "=", orderId).executeTakeFirst();

/** Notes what was refunded of the order's payment, and when (no payment row: nothing to note). */
export async function setRefund(db: Db, orderId: string, cents: number, at: string): Promise<void> {
  await db
    .updateTable("order_payments")
    .set({ refunded_cents: cents, refunded_at: at })
    .where("order_id", "=", orderId)
    .execute();
}
