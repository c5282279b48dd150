/** The queries behind return requests: the customer's request and staff's decision. */
import type { Db } from "~/db/database.server";
import type { ReturnStatus } from "./returns";

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

/** The request with the customer to e-mail. */
export const findRequestWithCustomer = (db: Db, orderId: string) =>
  db
    .selectFrom("return_requests as r")
    .innerJoin("user as u", "u.id", "r.user_id")
    .select(["r.status", "u.email", "u.name", "u.firstName", "u.deletedAt"])
    .where("r.order_id", "=", orderId)
    .executeTakeFirst();

/** Decides the request only if it is still waiting (true). */
export async function decideIfWaiting(
  db: Db,
  orderId: string,
  decision: { status: ReturnStatus; note: string; at: string; byId: string; byName: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("return_requests")
    .set({
      status: decision.status,
      staff_note: decision.note,
      decided_at: decision.at,
      decided_by_id: decision.byId,
      decided_by_name: decision.byName,
    })
    .where("order_id", "=", orderId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}
