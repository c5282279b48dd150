import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import * as repo from "./checkout.repository.server";
import {
  afterAdd,
  afterDelete,
  afterSetDefault,
  type Address,
  type AddressBook,
  type AddressInput,
  type AddressType,
} from "./addresses";

type Row = { id: string; title: string; type: AddressType; address: string; phone: string; is_default: number };
const toAddress = (r: Row): Address => ({
  id: r.id,
  title: r.title,
  type: r.type,
  address: r.address,
  phone: r.phone,
  isDefault: Boolean(r.is_default),
});

/** The shopper's addresses and the one selected for this checkout (only ever their own). */
export async function getAddressBook(db: Db, userId: string): Promise<AddressBook> {
  const rows = await repo.findAddressRows(db, userId);
  const state = await repo.findCheckoutStateRow(db, userId);
  const addresses = rows.map(toAddress);
  const selectedId = addresses.some((a) => a.id === state?.address_id) ? state!.address_id : null;
  return { addresses, selectedId };
}

/** Writes the whole book back in one transaction: the rules live in addresses.ts, the storage here. */
async function save(db: Db, userId: string, book: AddressBook, changed: Address[] = []) {
  await db.transaction().execute((trx) =>
    repo.saveAddressBook(
      trx,
      userId,
      book.addresses,
      changed.map((c) => c.id),
      book.selectedId,
    ),
  );
}

export const setSelectedAddress = (db: Db, userId: string, addressId: string | null) =>
  repo.upsertSelectedAddress(db, userId, addressId);

export async function addAddress(
  db: Db,
  userId: string,
  input: AddressInput & { isDefault?: boolean },
): Promise<Address> {
  const book = await getAddressBook(db, userId);
  const address: Address = { id: newId(), ...input, isDefault: Boolean(input.isDefault) };
  await save(db, userId, afterAdd(book, address), [address]);
  return address;
}

/** Replaces an address of this shopper; false when it is not theirs. */
export async function editAddress(
  db: Db,
  userId: string,
  id: string,
  input: AddressInput & { isDefault?: boolean },
): Promise<boolean> {
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
