/** The queries behind recorded payments and the unpaid-order jobs (docs/decisions/045). */
import type { Db } from "~/db/database.server";
import type { Insertable } from "kysely";
import type { OrderPaymentsTable } from "~/db/schema";

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
