import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { afterAdd, afterDelete, afterSetDefault, type Address, type AddressBook, type AddressInput, type AddressType } from "./addresses";

type Row = { id: string; title: string; type: string; address: string; phone: string; is_default: number };
const toAddress = (r: Row): Address => ({ id: r.id, title: r.title, type: r.type as AddressType, address: r.address, phone: r.phone, isDefault: Boolean(r.is_default) });

/** The shopper's addresses and the one selected for this checkout (only ever their own). */
export async function getAddressBook(db: Db, userId: string): Promise<AddressBook> {
  const rows = await db.selectFrom("addresses").selectAll().where("user_id", "=", userId).orderBy("position").execute();
  const state = await db.selectFrom("checkout_state").select("address_id").where("user_id", "=", userId).executeTakeFirst();
  const addresses = rows.map(toAddress);
  const selectedId = addresses.some((a) => a.id === state?.address_id) ? state!.address_id : null;
  return { addresses, selectedId };
}

/** Writes the whole book back in one transaction: the rules live in addresses.ts, the storage here. */
async function save(db: Db, userId: string, book: AddressBook, changed: Address[] = []) {
  await db.transaction().execute(async (trx) => {
    const keep = book.addresses.map((a) => a.id);
    let remove = trx.deleteFrom("addresses").where("user_id", "=", userId);
    if (keep.length) remove = remove.where("id", "not in", keep);
    await remove.execute();
    for (const [position, a] of book.addresses.entries()) {
      const values = { title: a.title, type: a.type, address: a.address, phone: a.phone, is_default: a.isDefault ? 1 : 0, position };
      if (changed.some((c) => c.id === a.id)) {
        await trx.insertInto("addresses").values({ id: a.id, user_id: userId, created_at: new Date().toISOString(), ...values })
          .onConflict((oc) => oc.column("id").doUpdateSet(values)).execute();
      } else {
        await trx.updateTable("addresses").set({ is_default: values.is_default, position }).where("id", "=", a.id).where("user_id", "=", userId).execute();
      }
    }
    await setSelectedAddress(trx, userId, book.selectedId);
  });
}

export async function setSelectedAddress(db: Db, userId: string, addressId: string | null) {
  const now = new Date().toISOString();
  await db
    .insertInto("checkout_state")
    .values({ user_id: userId, address_id: addressId, shipping_method: null, delivery_date: null, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ address_id: addressId, updated_at: now }))
    .execute();
}

export async function addAddress(db: Db, userId: string, input: AddressInput & { isDefault?: boolean }): Promise<Address> {
  const book = await getAddressBook(db, userId);
  const address: Address = { id: newId(), ...input, isDefault: Boolean(input.isDefault) };
  await save(db, userId, afterAdd(book, address), [address]);
  return address;
}

/** Replaces an address of this shopper; false when it is not theirs. */
export async function editAddress(db: Db, userId: string, id: string, input: AddressInput & { isDefault?: boolean }): Promise<boolean> {
  const book = await getAddressBook(db, userId);
  const current = book.addresses.find((a) => a.id === id);
  if (!current) return false;
  const edited: Address = { ...current, ...input, isDefault: current.isDefault };
  const next = { ...book, addresses: book.addresses.map((a) => (a.id === id ? edited : a)) };
  await save(db, userId, input.isDefault ? afterSetDefault(next, id) : next, [edited]);
  return true;
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const book = await getAddressBook(db, userId);
  if (!book.addresses.some((a) => a.id === id)) return false;
  await save(db, userId, afterDelete(book, id));
  return true;
}

export async function selectAddress(db: Db, userId: string, id: string): Promise<boolean> {
  const book = await getAddressBook(db, userId);
  if (!book.addresses.some((a) => a.id === id)) return false;
  await setSelectedAddress(db, userId, id);
  return true;
}
