/**
 * A UK delivery address as a courier needs it (issue 33, docs/decisions/046): the recipient's name, two address lines,
 * town or city and postcode. Shared by the address book (checkout), the orders placed to it, their e-mails and the
 * WhatsApp text, so every place writes an address the same way.
 */
export type PostalAddress = { recipient: string; line1: string; line2: string; town: string; postcode: string };

/** An address as an order keeps it: the shopper's nickname (may be empty), its type and phone, and where it goes. */
export type DeliveryAddress = PostalAddress & { title: string; type: string; phone: string };

/**
 * The UK postcode format: an outward code (area letters, district digits, perhaps a letter), a space, and an inward code
 * (a digit and two letters), with the letters each position never uses left out (the government's data standard for
 * postcodes, BS 7666). GIR 0AA is the one exception in use.
 */
const POSTCODE =
  /^(?:GIR 0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y]) \d[ABD-HJLNP-UW-Z]{2})$/;

/** A postcode as it is written: capitals, one space before the last three characters ('ls11aa' → 'LS1 1AA'). */
export function normalizePostcode(value: string): string {
  const compact = value.replace(/\s+/g, "").toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

/** Whether the value (as typed) is a UK postcode. */
export const isUkPostcode = (value: string) => POSTCODE.test(normalizePostcode(value));

/**
 * One key for the same place whoever types it: the postcode as written and the first address line without case,
 * spaces or punctuation ('12 High St.' and '12 high st' to LS1 1AA are one place). Limits per delivery address count
 * by it (docs/decisions/070).
 */
export const deliveryPlaceKey = (a: Pick<PostalAddress, "postcode" | "line1">) =>
  `${normalizePostcode(a.postcode)}|${a.line1.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "")}`;

/** Whether a courier can deliver to it: an address saved before the UK form has only its first line. */
export const isComplete = (a: PostalAddress) => Boolean(a.recipient && a.line1 && a.town && a.postcode);

/**
 * The lines written on a parcel, top to bottom: recipient, the address lines (a line of an address saved as free text
 * keeps its own line breaks), town, postcode; empty parts left out.
 */
export function postalLines(a: PostalAddress): string[] {
  return [a.recipient, ...a.line1.split(/\r?\n/), a.line2, a.town, a.postcode].map((l) => l.trim()).filter(Boolean);
}

/** The address on one line ('12 High Street, Leeds, LS1 1AA'), without the recipient: for a list or a checker. */
export const oneLine = (a: PostalAddress) => postalLines({ ...a, recipient: "" }).join(", ");

/** How an address is named: its nickname and type ('Home (HOME)'), or its type alone when it has no nickname. */
export const addressHeading = (a: { title: string; type: string }) => (a.title ? `${a.title} (${a.type})` : a.type);

/** The columns an order keeps its postal address in (migration 2026_11_26_0610). */
export const orderAddressColumns = [
  "address_recipient",
  "address_line1",
  "address_line2",
  "address_town",
  "address_postcode",
] as const;
type OrderAddressRow = Record<(typeof orderAddressColumns)[number], string>;

/** An order row's postal address. */
export const orderPostalAddress = (row: OrderAddressRow): PostalAddress => ({
  recipient: row.address_recipient,
  line1: row.address_line1,
  line2: row.address_line2,
  town: row.address_town,
  postcode: row.address_postcode,
});
