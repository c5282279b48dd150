/** The writes of the contact messages besides sending one (docs/decisions/072): marking handled, erasing. */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

export const setHandled = (db: Db, id: string, handled: { by: string; at: string } | null) =>
  db
    .updateTable("messages")
    .set(
      handled
        ? { handled: 1, handled_at: handled.at, handled_by: handled.by }
        : { handled: 0, handled_at: null, handled_by: null },
    )
    .where("id", "=", id)
    .execute();

/** Deletes the messages sent from the account or from its address (`email` in lower case). */
export const deleteMessagesOf = (trx: Db, userId: string, email: string) =>
  trx
    .deleteFrom("messages")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();
