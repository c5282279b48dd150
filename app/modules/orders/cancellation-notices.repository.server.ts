/** The notice of a cancellation staff recorded (a letter, an e-mail, a call): written only here (docs/decisions/072). */
import type { Db } from "~/db/database.server";
import type { CancellationChannel, CancellationOutcome } from "~/db/values";

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
