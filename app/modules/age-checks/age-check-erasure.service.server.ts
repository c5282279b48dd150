/** Erasing an account's age check, for 'Delete my account' (data-rights asks; the tables are this module's). */
import type { Db } from "~/db/database.server";
import { clearVerificationText } from "./age-check-erasure.repository.server";

/**
 * Inside the caller's transaction: the age check stays as the shop's evidence (status, method, when, which member of
 * staff), without its free text. (A photo ID waiting for the check goes by dropAgeDocument.)
 */
export async function eraseAgeCheckText(trx: Db, userId: string, stamp: string): Promise<void> {
  await clearVerificationText(trx, userId, stamp);
}
