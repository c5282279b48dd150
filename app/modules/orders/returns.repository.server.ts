/** The queries behind a customer's own cancellation and return requests. */
import type { Db } from "~/db/database.server";

/** When the order was last marked delivered, or null. */
export async function findDeliveredAt(db: Db, orderId: string): Promise<string | null> {
  const row = await db
    .selectFrom("order_events")
    .select("created_at")
    .where("order_id", "=", orderId)
    .where("field", "=", "status")
    .where("to_value", "=", "delivered")
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export const findReturnRequest = (db: Db, orderId: string) =>
  db
    .selectFrom("return_requests")
    .select(["status", "reason", "staff_note", "requested_at", "decided_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();

/** The customer's own order with who to e-mail; another customer's order is not found. */
export const findOwnOrder = (db: Db, userId: string, orderId: string) =>
  db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["o.status", "o.payment_status", "u.email", "u.name", "u.firstName"])
    .where("o.id", "=", orderId)
    .where("o.user_id", "=", userId)
    .executeTakeFirst();

export const insertReturnRequest = (
  db: Db,
  row: { id: string; orderId: string; userId: string; reason: string; at: string },
) =>
  db
    .insertInto("return_requests")
    .values({
      id: row.id,
      order_id: row.orderId,
      user_id: row.userId,
      reason: row.reason,
      status: "requested",
      requested_at: row.at,
    })
    .execute();
