/** Erasing an account's checkout records, for 'Delete my account' (data-rights asks; the tables are this module's). */
import type { Db } from "~/db/database.server";
import { deleteCheckoutRowsOf } from "./checkout-erasure.repository.server";

/** Inside the caller's transaction: deletes the account's saved addresses and its checkout in progress. */
export const eraseCheckoutOf = (trx: Db, userId: string): Promise<void> => deleteCheckoutRowsOf(trx, userId);
