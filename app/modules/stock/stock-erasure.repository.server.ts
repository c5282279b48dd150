/** The stock module's part of erasing an account (docs/decisions/020, 072). */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/** Deletes the back-in-stock requests of the account or its address (`email` in lower case). */
export const deleteAlertsOf = (trx: Db, userId: string, email: string) =>
  trx
    .deleteFrom("stock_alerts")
    .where((eb) => eb.or([eb("user_id", "=", userId), eb(sql`lower(email)`, "=", email)]))
    .execute();

/** Renames the account in the stock history it made (a return it sent back, an order it cancelled). */
export const renameMover = (trx: Db, userId: string, name: string) =>
  trx.updateTable("stock_movements").set({ by_name: name }).where("by_user_id", "=", userId).execute();
