/**
 * The catalogue CSV's cells one by one (docs/decisions/042): each parser takes the cell's text and gives the value or
 * what is wrong, worded to follow "Line 7: " for a shop assistant. Shared by the shop's own format and Shopify's.
 */
import type { ItemKind } from "~/db/values";
import { fail, type Failure, type Result } from "~/lib/result";
import { MHRA_ECID, UK_LIMITS } from "~/modules/compliance/compliance";
import type { DeviceRefill } from "~/modules/catalog/catalog";
import { catalogCsvLimits as limits, type ItemStatus } from "./catalog-csv";
import { gtinProblem } from "~/modules/catalog/gtin";
import { parseLiquid } from "~/modules/compliance/vaping-duty";
import { MAX_SKU_LENGTH, SKU_PATTERN } from "~/modules/catalog/variants";

/** A cell read: its value, or (a Result failure, code "invalid") what is wrong, worded to follow "Line 7: ". */
export type Cell<T> = Result<{ value: T }>;
export const value = <T>(v: T): Cell<T> => ({ ok: true, value: v });
export const wrong = (message: string): Failure => fail("invalid", message);

/** A cell's text in a message: in quotes, cut after 40 characters. */
export const quoted = (raw: string) => `"${raw.length > 40 ? `${raw.slice(0, 40)}…` : raw}"`;
const grouped = (n: number) => n.toLocaleString("en-GB");

/**
 * A cell a spreadsheet would run as a formula (OWASP, CSV injection): one starting with =, +, -, @, a tab or a carriage
 * return, or Apple Numbers' full-width =, +, -, @ (the set csv-stringify's `escape_formulas` guards), after any
 * apostrophes, so that an apostrophe the file really had before one reads back too.
 */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell as written: a leading apostrophe before a formula-like start, which spreadsheets show as text. */
export const guardFormula = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** A text cell as read: trimmed, and the apostrophe the export put before a formula-like start taken off. */
export function textCell(raw: string): string {
  const text = raw.trim();
  return text.startsWith("'") && FORMULA_START.test(text) ? text.slice(1) : text;
}

/** The slug shape of the back-office form: lowercase letters, digits and single hyphens. */
export const HANDLE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function parseHandle(raw: string, what: "handle" | "Device"): Cell<string> {
  if (!raw) return wrong(what === "handle" ? "the handle is missing" : "the Device is missing");
  const label = what === "handle" ? "the handle" : "the Device";
  if (raw.length > limits.handle || !HANDLE.test(raw))
    return wrong(
      `${label} ${quoted(raw)} must be lowercase letters, digits and single hyphens (such as bar-pro), at most ${limits.handle} characters`,
    );
  return value(raw);
}

export function parseKind(raw: string): Cell<ItemKind | null> {
  if (!raw) return value(null);
  if (/^device$/i.test(raw)) return value("device");
  if (/^flavou?r$/i.test(raw)) return value("flavour");
  return wrong(`the Type ${quoted(raw)} must be Device or Flavour`);
}

/** Pounds with up to 2 decimals ("9.99", "10", "£1,299.00") as pence, never through floating point. */
export function parsePrice(raw: string): Cell<number> {
  if (!raw) return wrong("the price is missing");
  const text = raw.replace(/^£\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return wrong(`the price ${quoted(raw)} must be a number of pounds, 0 or more`);
  const decimals = match[2] ?? "";
  if (decimals.length > 2) return wrong(`the price ${quoted(raw)} must have at most 2 decimal places`);
  const pounds = match[1]!.replace(/,/g, "");
  if (pounds.length > 7) return wrong(`the price ${quoted(raw)} must be less than £100,000`);
  const cents = Number(pounds) * 100 + Number(decimals.padEnd(2, "0"));
  if (cents >= limits.priceCents) return wrong(`the price ${quoted(raw)} must be less than £100,000`);
  return value(cents);
}

export function parseTrackStock(raw: string): Cell<boolean> {
  if (!raw || /^(yes|y|true)$/i.test(raw)) return value(true);
  if (/^(no|n|false)$/i.test(raw)) return value(false);
  return wrong(`Track stock ${quoted(raw)} must be yes or no (empty means yes)`);
}

/** Whole units, 0 or more; empty means 0 only when the stock is not tracked. */
export function parseStock(raw: string, tracked: boolean): Cell<number> {
  if (!raw) return tracked ? wrong('the stock is missing (write 0 for none, or "no" under Track stock)') : value(0);
  if (!/^\d+$/.test(raw)) return wrong(`the stock ${quoted(raw)} must be a whole number, 0 or more`);
  const stock = Number(raw);
  if (stock > limits.stock) return wrong(`the stock ${quoted(raw)} must be ${grouped(limits.stock)} or less`);
  return value(stock);
}

/** A strength as shops write it: "10", "10mg", "10 mg", "20mg/ml"; `unit` asks for the "mg". */
const STRENGTH = /^(\d{1,3})\s*(mg(?:\s*\/\s*ml)?)?$/i;
/** The words shops use for none: "Nicotine free", "Nic-free", "No nicotine", "None". */
const NICOTINE_FREE = /^(?:nicotine|nic)[\s-]*free$|^no\s+nicotine$|^none$/i;

/** mg/ml: "10", "10mg", "10 mg", "20mg/ml", or "Nicotine free" (0); 0 to the UK limit. */
export function parseNicotine(raw: string): Cell<number> {
  const max = UK_LIMITS.nicotineMgMl;
  if (!raw) return wrong(`the nicotine strength is missing: write it in mg/ml, from 0 to ${max} (0 for none)`);
  if (NICOTINE_FREE.test(raw)) return value(0);
  const match = STRENGTH.exec(raw);
  if (!match || Number(match[1]) > max)
    return wrong(
      `the nicotine strength ${quoted(raw)} must be a whole number of mg/ml from 0 to ${max} (the UK limit is ${max})`,
    );
  return value(Number(match[1]));
}

/**
 * Whether an option's value says a nicotine strength whatever the option is called ("10mg", "20 mg", "Nicotine free"):
 * a number needs its "mg" here, since a bare "10" under "Size" may as well be millilitres.
 */
export function looksLikeStrength(raw: string): boolean {
  return NICOTINE_FREE.test(raw) || Boolean(STRENGTH.exec(raw)?.[2]);
}

/**
 * The strength a product's title gives ("Blue Razz 20mg", "Lemon Tart 10ml 12 mg Nic Salt"), when it gives exactly one
 * within the UK limit; null otherwise.
 */
export function strengthInTitle(title: string): number | null {
  const found = new Set([...title.matchAll(/(?<![\d.])(\d{1,2})\s*mg\b/gi)].map((m) => Number(m[1])));
  if (/\b(?:nicotine|nic)[\s-]*free\b/i.test(title)) found.add(0);
  if (found.size !== 1) return null;
  const [strength] = found;
  return strength! <= UK_LIMITS.nicotineMgMl ? strength! : null;
}

/** "5000", "5,000", "5000 puffs"; empty for none. */
export function parsePuffCount(raw: string): Cell<number | null> {
  if (!raw) return value(null);
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)\s*(?:puffs?)?$/i.exec(raw);
  const puffs = match ? Number(match[1]!.replace(/,/g, "")) : NaN;
  if (!(puffs >= 1 && puffs <= limits.puffCount))
    return wrong(
      `the puff count ${quoted(raw)} must be a whole number from 1 to ${grouped(limits.puffCount)}, or empty`,
    );
  return value(puffs);
}

/** Empty (not said), or the liquid in one unit as the back office reads it ("2", "2 ml", "1.5"), in tenths of a ml. */
export function parseLiquidCell(raw: string): Cell<number | null> {
  const parsed = parseLiquid(raw);
  if (parsed.ok) return parsed;
  const first = parsed.message.charAt(0).toLowerCase() + parsed.message.slice(1);
  return wrong(`the Liquid (ml) ${quoted(raw)} is refused: ${first}`);
}

/**
 * The liquid in one unit read from a Shopify option value or title ("Blue Razz 10ml", "2 ml pod"), in tenths of a ml;
 * null where none is written (or one no unit could hold).
 */
export function liquidInText(...texts: string[]): number | null {
  for (const text of texts) {
    const match = /(\d+(?:\.\d)?)\s?ml\b/i.exec(text);
    if (!match) continue;
    const parsed = parseLiquid(match[1]!);
    if (parsed.ok && parsed.value !== null) return parsed.value;
  }
  return null;
}

/** "The barcode … has a wrong check digit." as the rest of "Line 7: the barcode … has a wrong check digit.". */
const asClause = (sentence: string) => sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, "");

/** Empty, or a GTIN (gtin.ts, the back office's rule); spaces of a printed barcode ("5 012345 678900") dropped. */
export function parseBarcode(raw: string): Cell<string | null> {
  if (!raw) return value(null);
  if (/^\d+(\.\d+)?E\+\d+$/i.test(raw))
    return wrong(
      `the barcode ${raw} was turned into a number by a spreadsheet: format the Barcode column as text and type it again`,
    );
  const code = raw.replace(/\s+/g, "");
  const problem = gtinProblem(code);
  return problem ? wrong(asClause(problem)) : value(code);
}

/** Empty (one is made), or a SKU as the back office takes it (variants.ts). */
export function parseSku(raw: string): Cell<string> {
  if (!raw || SKU_PATTERN.test(raw)) return value(raw);
  return wrong(
    `the SKU ${quoted(raw)} may have only letters, digits and - _ . / (starting with a letter or digit), at most ${MAX_SKU_LENGTH} characters`,
  );
}

/** Web addresses (http, https) or the shop's own paths ("/images/…"), separated by spaces or line breaks. */
export function parseImages(raw: string): Cell<string[]> {
  const images = [...new Set(raw.split(/\s+/).filter(Boolean))];
  for (const image of images) if (!isImageAddress(image)) return wrong(imageError(image));
  if (images.length > limits.images)
    return wrong(`there are ${images.length} images; an item may have at most ${limits.images}`);
  return value(images);
}

export const imageError = (image: string) =>
  `the image ${quoted(image)} must be a web address starting with https:// (or http://), or a path starting with /`;

export function isImageAddress(image: string): boolean {
  if (image.length > limits.imageUrl) return false;
  if (image.startsWith("/")) return !image.startsWith("//") && !/\s/.test(image);
  if (!/^https?:\/\//i.test(image)) return false;
  return URL.canParse(image);
}

export function parseMhraEcid(raw: string): Cell<string | null> {
  if (!raw) return value(null);
  return MHRA_ECID.test(raw)
    ? value(raw)
    : wrong(`the MHRA number ${quoted(raw)} must look like 12345-22-67890 (5 digits, 2, then 5), or be empty`);
}

/** The Status column: active (shown in the shop) or draft (hidden; Shopify's archived and unlisted too); empty: not said. */
export function parseStatus(raw: string): Cell<ItemStatus | null> {
  if (!raw) return value(null);
  if (/^active$/i.test(raw)) return value("active");
  if (/^(draft|archived|unlisted)$/i.test(raw)) return value("draft");
  return wrong(`the Status ${quoted(raw)} must be active or draft (empty leaves it as it is)`);
}

/** Rechargeable: yes or no; empty: not said. */
export function parseRechargeable(raw: string): Cell<boolean | null> {
  if (!raw) return value(null);
  if (/^(yes|y|true)$/i.test(raw)) return value(true);
  if (/^(no|n|false)$/i.test(raw)) return value(false);
  return wrong(`Rechargeable ${quoted(raw)} must be yes or no (empty when not known)`);
}

/** Refill: pods (refillable pods), coils (replaceable coils) or none (single-use); empty: not said. */
export function parseRefill(raw: string): Cell<DeviceRefill | null> {
  if (!raw) return value(null);
  if (/^(refillable\s+)?pods?$/i.test(raw)) return value("pods");
  if (/^(replaceable\s+)?coils?$/i.test(raw)) return value("coils");
  if (/^(none|neither|single[\s-]?use)$/i.test(raw)) return value("none");
  return wrong(
    `Refill ${quoted(raw)} must be pods (refillable pods), coils (replaceable coils) or none (single-use), or empty`,
  );
}

/** A pod or bottle size in ml ("2", "1.5", "10 ml"), above 0 and within the UK limit; empty: not said. */
export function parseMl(raw: string, what: "pod" | "bottle"): Cell<number | null> {
  if (!raw) return value(null);
  const max = what === "pod" ? UK_LIMITS.podMl : UK_LIMITS.bottleMl;
  const label = what === "pod" ? "the pod size" : "the bottle size";
  const match = /^(\d{1,3}(?:\.\d{1,2})?)\s*(?:ml)?$/i.exec(raw);
  const ml = match ? Number(match[1]) : NaN;
  if (!(ml > 0 && ml <= max))
    return wrong(
      `${label} ${quoted(raw)} must be a number of ml above 0 and at most ${max} (the UK limit for a ${what === "pod" ? "pod or tank" : "refill bottle"} is ${max} ml)`,
    );
  return value(ml);
}

/** Plain text within a length (names, descriptions, options). */
export function parseText(raw: string, label: string, max: number): Cell<string> {
  const length = Array.from(raw).length;
  return length > max
    ? wrong(`the ${label} is ${grouped(length)} characters long; the most is ${grouped(max)}`)
    : value(raw);
}
