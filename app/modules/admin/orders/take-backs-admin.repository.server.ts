/** The back office's queries on WEEE take-back requests (docs/decisions/041). */
import type { Db } from "~/db/database.server";
import type { TakeBackStatus } from "~/modules/orders/take-back";

export function listTakeBackRows(db: Db, status: TakeBackStatus | null, limit: number) {
  let query = db
    .selectFrom("take_back_requests as t")
    .innerJoin("user as u", "u.id", "t.user_id")
    .select([
      "t.order_id",
      "t.devices",
      "t.status",
      "t.requested_at",
      "t.received_at",
      "t.received_by_name",
      "t.keep_until",
      "u.name",
      "u.email",
    ]);
  if (status) query = query.where("t.status", "=", status);
  return query
    .orderBy("t.requested_at", status === "requested" ? "asc" : "desc")
    .orderBy("t.order_id")
    .limit(limit)
    .execute();
}

/** Marks the take-back received only if it is still waiting (true). */
export async function markReceivedIfWaiting(
  db: Db,
  orderId: string,
  by: { at: string; id: string; name: string },
): Promise<boolean> {
  const updated = await db
    .updateTable("take_back_requests")
    .set({ status: "received", received_at: by.at, received_by_id: by.id, received_by_name: by.name })
    .where("order_id", "=", orderId)
    .where("status", "=", "requested")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

export const takeBackExists = (db: Db, orderId: string) =>
  db.selectFrom("take_back_requests").select("status").where("order_id", "=", orderId).executeTakeFirst();
