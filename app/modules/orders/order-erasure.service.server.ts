/** Erasing an account from its orders, for 'Delete my account' (data-rights asks; the tables are orders'). */
import type { Db } from "~/db/database.server";
import {
  eraseOrderAddresses,
  eraseReturnReasons,
  renameEventsBy,
  type OrderPlaceholders,
} from "./order-erasure.repository.server";

export type { OrderPlaceholders };

/**
 * Inside the caller's transaction: the account's orders stay for the shop's records, with `words.customer` and
 * `words.erased` instead of the address, the name in their histories and the reasons of their returns. WEEE
 * take-backs stay whole for their four years (docs/decisions/041): they hold no personal data of their own.
 */
export async function eraseOrdersOf(trx: Db, userId: string, words: OrderPlaceholders, stamp: string): Promise<void> {
  await eraseOrderAddresses(trx, userId, words, stamp);
  await renameEventsBy(trx, userId, words);
  await eraseReturnReasons(trx, userId, words);
}
