import type { Db } from "~/db/database.server";
import { check } from "~/lib/form-check";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import type { PostalAddress } from "~/lib/uk-address";
import * as repo from "./checkout.repository.server";
import {
  afterAdd,
  afterDelete,
  afterSetDefault,
  type Address,
  type AddressBook,
  type AddressInput,
  type AddressType,
  addressFields,
  addressInput,
} from "./addresses";

type Row = PostalAddress & { id: string; title: string; type: AddressType; phone: string; is_default: number };
const toAddress = (r: Row): Address => ({
  id: r.id,
  title: r.title,
  type: r.type,
  recipient: r.recipient,
  line1: r.line1,
  line2: r.line2,
  town: r.town,
  postcode: r.postcode,
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

/** Another shopper's address, or one deleted meanwhile: the same answer as no address at all. */
const notFound = fail("not-found", "This address was not found.");

/** Replaces an address of this shopper; "not-found" when it is not theirs. */
export async function editAddress(
  db: Db,
  userId: string,
  id: string,
  input: AddressInput & { isDefault?: boolean },
): Promise<Result> {
  const book = await getAddressBook(db, userId);
  const current = book.addresses.find((a) => a.id === id);
  if (!current) return notFound;
  const edited: Address = { ...current, ...input, isDefault: current.isDefault };
  const next = { ...book, addresses: book.addresses.map((a) => (a.id === id ? edited : a)) };
  await save(db, userId, input.isDefault ? afterSetDefault(next, id) : next, [edited]);
  return { ok: true };
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<Result> {
  const book = await getAddressBook(db, userId);
  if (!book.addresses.some((a) => a.id === id)) return notFound;
  await save(db, userId, afterDelete(book, id));
  return { ok: true };
}

export async function selectAddress(db: Db, userId: string, id: string): Promise<Result> {
  const book = await getAddressBook(db, userId);
  if (!book.addresses.some((a) => a.id === id)) return notFound;
  await setSelectedAddress(db, userId, id);
  return { ok: true };
}

/**
 * The address form, checked on the server (the UK rules of addresses.ts: recipient, line 1, town, a UK postcode kept in
 * capitals, phone) and saved as a new address or over one of this shopper's (`id`). Refused: the first message of each
 * field wrong, and nothing saved; another shopper's id is not found.
 */
export async function saveAddress(
  db: Db,
  userId: string,
  id: string | null,
  values: Record<string, string>,
  isDefault: boolean,
): Promise<Result<{ address: Address }>> {
  const checked = check(addressInput, Object.fromEntries(addressFields.map((k) => [k, values[k] ?? ""])));
  if (!checked.ok) return checked;
  const input = { ...checked.data, isDefault };
  let savedId = id;
  if (!savedId) savedId = (await addAddress(db, userId, input)).id;
  else {
    const edited = await editAddress(db, userId, savedId, input);
    if (!edited.ok) return edited;
  }
  // As the book now has it (the first address added is the default).
  const book = await getAddressBook(db, userId);
  return { ok: true, address: book.addresses.find((a) => a.id === savedId)! };
}
