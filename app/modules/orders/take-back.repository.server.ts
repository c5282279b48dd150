/** The queries behind a customer's WEEE take-back requests (docs/decisions/041). */
import type { Db } from "~/db/database.server";

export const findTakeBack = (db: Db, orderId: string) =>
  db
    .selectFrom("take_back_requests")
    .select(["devices", "status", "requested_at", "received_at"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();

export const insertTakeBack = (
  db: Db,
  row: { id: string; orderId: string; userId: string; devices: number; at: string; keepUntil: string },
) =>
  db
    .insertInto("take_back_requests")
    .values({
      id: row.id,
      order_id: row.orderId,
      user_id: row.userId,
      devices: row.devices,
      status: "requested",
      requested_at: row.at,
      keep_until: row.keepUntil,
    })
    .execute();

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
