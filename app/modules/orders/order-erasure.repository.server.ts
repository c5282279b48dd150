/** The orders' part of erasing an account (docs/decisions/020, 072): the orders stay, without the person. */
import type { Db } from "~/db/database.server";

/** What replaces the person on the orders the shop keeps (data-rights chooses the words). */
export type OrderPlaceholders = { customer: string; erased: string };

/** Replaces the delivery address on the account's orders. */
export const eraseOrderAddresses = (trx: Db, userId: string, words: OrderPlaceholders, stamp: string) =>
  trx
    .updateTable("orders")
    .set({
      address_title: words.customer,
      address_type: "",
      address_recipient: "",
      address_line1: words.erased,
      address_line2: "",
      address_town: "",
      address_postcode: "",
      address_phone: "",
      updated_at: stamp,
    })
    .where("user_id", "=", userId)
    .execute();

/** Renames the account in the orders' histories where it acted. */
export const renameEventsBy = (trx: Db, userId: string, words: OrderPlaceholders) =>
  trx.updateTable("order_events").set({ by_name: words.customer }).where("by_user_id", "=", userId).execute();

/** Replaces the reasons the account gave for its returns, on the requests and on each of their lines. */
export async function eraseReturnReasons(trx: Db, userId: string, words: OrderPlaceholders) {
  await trx.updateTable("return_requests").set({ reason: words.erased }).where("user_id", "=", userId).execute();
  await trx
    .updateTable("return_lines")
    .set({ reason: words.erased })
    .where("return_id", "in", (eb) => eb.selectFrom("return_requests").select("id").where("user_id", "=", userId))
    .execute();
}
