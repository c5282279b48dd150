/** The queries behind a cancellation recorded by staff: the notice itself and the return it opens. */
import type { Db } from "~/db/database.server";
import type { CancellationChannel, CancellationOutcome } from "./cancellation-notice";

export const findNotice = (db: Db, orderId: string) =>
  db
    .selectFrom("cancellation_notices")
    .select(["channel", "received_on", "outcome", "recorded_at", "recorded_by_name"])
    .where("order_id", "=", orderId)
    .executeTakeFirst();

export const insertNotice = (
  db: Db,
  row: {
    id: string;
    orderId: string;
    channel: CancellationChannel;
    receivedOn: string;
    outcome: CancellationOutcome;
    at: string;
    byId: string;
    byName: string;
  },
) =>
  db
    .insertInto("cancellation_notices")
    .values({
      id: row.id,
      order_id: row.orderId,
      channel: row.channel,
      received_on: row.receivedOn,
      outcome: row.outcome,
      recorded_at: row.at,
      recorded_by_id: row.byId,
      recorded_by_name: row.byName,
    })
    .execute();

export const findPlacedAt = async (db: Db, orderId: string) =>
  (await db.selectFrom("orders").select("created_at").where("id", "=", orderId).executeTakeFirst())?.created_at ?? null;
