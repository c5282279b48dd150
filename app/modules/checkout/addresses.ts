import { z } from "zod";
import { addressTypes, type AddressType } from "~/db/values";

// The set of types is defined once with the schema (docs/decisions/025); this module owns their words and checks.
export { addressTypes, type AddressType };
export const addressTypeLabels: Record<AddressType, string> = { HOME: "Home", OFFICE: "Office", OTHER: "Other" };

export type Address = {
  id: string;
  title: string;
  type: AddressType;
  address: string;
  phone: string;
  isDefault: boolean;
};

/**
 * docs/product/specification.md §5: title, type, full address and phone required; type Home, Office or Other (default
 * Home).
 */
export const addressInput = z.object({
  title: z.string().trim().min(1, "Title is required").max(60, "Title must be 60 characters or fewer"),
  type: z.enum(addressTypes, "Choose Home, Office or Other"),
  address: z.string().trim().min(1, "Full address is required").max(300, "Address must be 300 characters or fewer"),
  phone: z
    .string()
    .trim()
    .min(1, "Phone is required")
    .max(30, "Phone must be 30 characters or fewer")
    .regex(/^\+?[\d\s()-]*\d[\d\s()-]*$/, "Enter a phone number using digits"),
});
export type AddressInput = z.infer<typeof addressInput>;

export type AddressBook = { addresses: Address[]; selectedId: string | null };

/** docs/product/specification.md §4: the first address added becomes the default and is selected. */
export function afterAdd(book: AddressBook, added: Address): AddressBook {
  const first = book.addresses.length === 0;
  const withNew = {
    addresses: [...book.addresses, { ...added, isDefault: first }],
    selectedId: first ? added.id : book.selectedId,
  };
  return added.isDefault && !first ? afterSetDefault(withNew, added.id) : withNew;
}

/** Deleting the selected address clears the selection; deleting the default makes the first remaining one default. */
export function afterDelete(book: AddressBook, id: string): AddressBook {
  const removed = book.addresses.find((a) => a.id === id);
  let addresses = book.addresses.filter((a) => a.id !== id);
  if (removed?.isDefault && addresses.length > 0) addresses = addresses.map((a, i) => ({ ...a, isDefault: i === 0 }));
  return { addresses, selectedId: book.selectedId === id ? null : book.selectedId };
}

/** Setting a default marks only that one. */
export function afterSetDefault(book: AddressBook, id: string): AddressBook {
  return { ...book, addresses: book.addresses.map((a) => ({ ...a, isDefault: a.id === id })) };
}
