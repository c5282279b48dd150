/** The age check's part of erasing an account (docs/decisions/020, 072). */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/** Clears the check's free text (its note; its reference unless an age-check service gave it), keeping the rest. */
export const clearVerificationText = (trx: Db, userId: string, stamp: string) =>
  trx
    .updateTable("age_verifications")
    .set({ note: null, reference: sql`case when method = 'service' then reference else null end`, updated_at: stamp })
    .where("user_id", "=", userId)
    .execute();
