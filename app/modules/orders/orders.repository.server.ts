/** The orders module's queries: an order's rows (written through orders.service.server.ts by checkout's placement) and reading orders. */
import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { OrderLinesTable, OrdersTable } from "~/db/schema";

export async function findOrderIdByKey(db: Db, userId: string, key: string): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The order's row and its lines, as statements for the placement to run with its other writes. */
export const orderInsert = (db: Db, row: Insertable<OrdersTable>) => db.insertInto("orders").values(row);
export const orderLinesInsert = (db: Db, rows: Array<Insertable<OrderLinesTable>>) =>
  db.insertInto("order_lines").values(rows);

/** One of this shopper's orders (another shopper's id is not found). */
export const findOrderRow = (db: Db, userId: string, id: string) =>
  db.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
export const findOrderLines = (db: Db, orderId: string) =>
  db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute();

export const listOrderRows = (db: Db, userId: string) =>
  db
    .selectFrom("orders")
    .select(["id", "status", "payment_status", "total_cents", "currency", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();
