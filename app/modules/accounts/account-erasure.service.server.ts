/** Erasing an account's own records, for 'Delete my account' (data-rights asks; the tables are this module's). */
import type { Db } from "~/db/database.server";
import { anonymiseUser, deleteSignIns } from "./account-erasure.repository.server";

/**
 * Inside the caller's transaction: deletes the account's sessions, sign-in methods, second factor and e-mail links
 * (`email` in lower case), and empties its profile, which stays named `placeholder` with `deletedAt` set.
 */
export async function eraseAccountRecords(
  trx: Db,
  userId: string,
  email: string,
  placeholder: string,
  stamp: string,
): Promise<void> {
  await deleteSignIns(trx, userId, email);
  await anonymiseUser(trx, userId, placeholder, stamp);
}
