/** What a cancellation recorded by staff reads: the notice (written by the orders module) and the order's date. */
import type { Db } from "~/db/database.server";

export const findNotice = (db: Db, orderId: string) =>
  db
    .selectFrom("cancellation_notices")
    .select(["channel", "received_on", "outcome", "recorded_at", "recorded_by_name"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();

export const findPlacedAt = async (db: Db, orderId: string) =>
  (await db.selectFrom("orders").select("created_at").where("id", "=", orderId).executeTakeFirst())?.created_at ?? null;
