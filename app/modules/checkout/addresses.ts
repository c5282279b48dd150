import { z } from "zod";
import { addressTypes, type AddressType } from "~/db/values";
import { isUkPostcode, normalizePostcode, type PostalAddress } from "~/lib/uk-address";

// The set of types is defined once with the schema (docs/decisions/025); this module owns their words and checks.
export { addressTypes, type AddressType };
export const addressTypeLabels: Record<AddressType, string> = { HOME: "Home", OFFICE: "Office", OTHER: "Other" };

export type Address = PostalAddress & {
  id: string;
  /** The shopper's nickname for it ('Home', 'Work'); may be empty. */
  title: string;
  type: AddressType;
  phone: string;
  isDefault: boolean;
};

/** An address's name on its card and buttons: its nickname, or its type when it has none. */
export const addressName = (a: Pick<Address, "title" | "type">) => a.title || addressTypeLabels[a.type];

const line = (max: number, label: string) => z.string().trim().max(max, `${label} must be ${max} characters or fewer`);

/**
 * A UK address (issue 33, docs/decisions/046, in place of the specification's title and free-text address): the
 * recipient's name, address line 1, town or city, a UK postcode (kept in capitals) and a phone are required; line 2 and
 * the nickname are not; type Home, Office or Other (default Home).
 */
export const addressInput = z.object({
  title: line(40, "Nickname"),
  type: z.enum(addressTypes, "Choose Home, Office or Other"),
  recipient: line(80, "Name").min(1, "Enter the recipient's name"),
  line1: line(100, "Address line 1").min(1, "Enter the first line of the address"),
  line2: line(100, "Address line 2"),
  town: line(60, "Town or city").min(1, "Enter the town or city"),
  postcode: z
    .string()
    .trim()
    .min(1, "Enter the postcode")
    .max(10, "Enter a UK postcode, like LS1 1AA")
    .refine(isUkPostcode, "Enter a UK postcode, like LS1 1AA")
    .transform(normalizePostcode),
  phone: z
    .string()
    .trim()
    .min(1, "Phone is required")
    .max(30, "Phone must be 30 characters or fewer")
    .regex(/^\+?[\d\s()-]*\d[\d\s()-]*$/, "Enter a phone number using digits"),
});
export type AddressInput = z.infer<typeof addressInput>;
/** The form's fields, in its order. */
export const addressFields = ["recipient", "line1", "line2", "town", "postcode", "phone", "title", "type"] as const;

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
