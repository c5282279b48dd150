/** The checkout module's queries: the address book and the checkout state (chosen address and shipping). */
import { isPostgres, type Db } from "~/db/database.server";
import type { PostalAddress } from "~/lib/uk-address";
import type { AddressType } from "./addresses";

export type AddressRow = PostalAddress & {
  id: string;
  title: string;
  type: AddressType;
  phone: string;
  isDefault: boolean;
};

export const findAddressRows = (db: Db, userId: string) =>
  db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("position").execute();
/** The shopper's checkout state with the parts of the chosen address a courier needs (to tell a complete one). */
export const findCheckoutStateRow = (db: Db, userId: string) =>
  db
    .selectFrom("checkout_state as c")
    .leftJoin("addresses as a", (join) => join.onRef("a.id", "=", "c.address_id").onRef("a.user_id", "=", "c.user_id"))
    .select(["c.address_id", "c.shipping_method", "c.delivery_date", "a.recipient", "a.line1", "a.town", "a.postcode"])
    .where("c.user_id", "=", userId)
    .executeTakeFirst();

/**
 * Writes the whole address book back (in the caller's transaction): addresses no longer in it are deleted, changed
 * ones written in full, the others only re-ordered; then the selected address is saved.
 */
export async function saveAddressBook(
  trx: Db,
  userId: string,
  book: AddressRow[],
  changedIds: string[],
  selectedId: string | null,
) {
  const keep = book.map((a) => a.id);
  let remove = trx.deleteFrom("addresses").where("user_id", "=", userId);
  if (keep.length) remove = remove.where("id", "not in", keep);
  await remove.execute();
  for (const [position, a] of book.entries()) {
    const values = {
      title: a.title,
      type: a.type,
      recipient: a.recipient,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      phone: a.phone,
      is_default: a.isDefault ? 1 : 0,
      position,
    };
    if (changedIds.includes(a.id)) {
      await trx
        .insertInto("addresses")
        .values({ id: a.id, user_id: userId, created_at: new Date().toISOString(), ...values })
        .onConflict((oc) => oc.column("id").doUpdateSet(values))
        .execute();
    } else {
      await trx
        .updateTable("addresses")
        .set({ is_default: values.is_default, position })
        .where("id", "=", a.id)
        .where("user_id", "=", userId)
        .execute();
    }
  }
  await upsertSelectedAddress(trx, userId, selectedId);
}

export async function upsertSelectedAddress(db: Db, userId: string, addressId: string | null) {
  const now = new Date().toISOString();
  await db
    .insertInto("checkout_state")
    .values({ user_id: userId, address_id: addressId, shipping_method: null, delivery_date: null, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ address_id: addressId, updated_at: now }))
    .execute();
}

/** Saves the shipping choice only when an address is chosen (false otherwise). */
export async function setShippingIfAddressChosen(
  db: Db,
  userId: string,
  method: string,
  date: string,
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("checkout_state")
    .set({ shipping_method: method, delivery_date: date, updated_at: at })
    .where("user_id", "=", userId)
    .where("address_id", "is not", null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/**
 * What an order is placed from: the shopper's checkout state with its address (which must be their own). On
 * PostgreSQL the state is locked (FOR UPDATE) so one shopper places one order at a time; SQLite has one writer anyway.
 */
export function findPlacementChoice(trx: Db, userId: string) {
  const query = trx
    .selectFrom("checkout_state as c")
    .leftJoin("addresses as a", (join) => join.onRef("a.id", "=", "c.address_id").onRef("a.user_id", "=", "c.user_id"))
    .select([
      "c.shipping_method",
      "c.delivery_date",
      "a.title",
      "a.type",
      "a.recipient",
      "a.line1",
      "a.line2",
      "a.town",
      "a.postcode",
      "a.phone",
    ])
    .where("c.user_id", "=", userId);
  return (isPostgres(trx) ? query.forUpdate("c") : query).executeTakeFirst();
}

/** Forgets the shipping choice and its date; the address stays chosen for next time (a statement to run). */
export const clearShippingChoice = (db: Db, userId: string, at: string) =>
  db
    .updateTable("checkout_state")
    .set({ shipping_method: null, delivery_date: null, updated_at: at })
    .where("user_id", "=", userId);
