/** Erasing an account from the stock records, for 'Delete my account' (data-rights asks; the tables are stock's). */
import type { Db } from "~/db/database.server";
import { deleteAlertsOf, renameMover } from "./stock-erasure.repository.server";

/**
 * Inside the caller's transaction: deletes the account's back-in-stock requests (by account or address, lower case)
 * and names it `placeholder` in the stock history, which stays.
 */
export async function eraseStockRecordsOf(trx: Db, userId: string, email: string, placeholder: string): Promise<void> {
  await deleteAlertsOf(trx, userId, email);
  await renameMover(trx, userId, placeholder);
}
