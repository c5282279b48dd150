/** The checkout's part of erasing an account (docs/decisions/020, 072). */
import type { Db } from "~/db/database.server";

/** Deletes the account's saved addresses and its checkout in progress. */
export async function deleteCheckoutRowsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom("addresses").where("user_id", "=", userId).execute();
  await trx.deleteFrom("checkout_state").where("user_id", "=", userId).execute();
}
