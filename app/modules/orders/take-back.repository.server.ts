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
