/**
 * The catalogue form's fields one by one: their limits, and the parsers that take raw text in and give a value or the
 * message to show under the field (catalog-admin.ts builds the forms on them).
 */
import type { Specification } from "~/modules/catalog/catalog";
import type { Parsed } from "~/lib/parsed-field";
// Prices are read by the shop's one money parser (app/lib/money.ts), which the variant grid uses too.
export { centsToText, MAX_PRICE_CENTS, parseMoney } from "~/lib/money";
export type { Parsed } from "~/lib/parsed-field";

export const limits = {
  name: 120,
  slug: 80,
  description: 2000,
  details: 5000,
  listItem: 100,
  feature: 200,
  listItems: 30,
  specName: 60,
  specValue: 200,
} as const;

/** A non-negative amount (mg/ml, ml) with at most 2 decimals. */
export function parseAmount(raw: string, label: string, optional: boolean): Parsed<number | null> {
  const text = raw.trim();
  if (!text) return optional ? { value: null } : { error: `${label} is required` };
  if (/^-\s*\d/.test(text)) return { error: `${label} cannot be negative` };
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(text))
    return { error: `Enter ${label.toLowerCase()} as a number such as 2 or 1.5` };
  return { value: Number(text) };
}

/** One entry per line (commas also separate numbers); blank lines are ignored and repeats kept once. */
export const lines = (raw: string, separators = /\r?\n/) => [
  ...new Set(
    raw
      .split(separators)
      .map((l) => l.trim())
      .filter(Boolean),
  ),
];

export function parseWholeNumbers(
  raw: string,
  what: string,
  min: number,
  max: number,
  limitMessage: string,
  required: boolean,
): Parsed<number[]> {
  const items = lines(raw, /[\r\n,]+/);
  if (items.length === 0) return required ? { error: `Enter at least one ${what}` } : { value: [] };
  if (items.length > limits.listItems) return { error: `Enter at most ${limits.listItems} values` };
  const bad = items.find((item) => !/^\d{1,7}$/.test(item));
  if (bad !== undefined)
    return { error: `"${bad.slice(0, 20)}" is not a whole number: write each ${what} as a whole number, one per line` };
  const numbers = items.map(Number);
  if (numbers.some((n) => n < min || n > max)) return { error: limitMessage };
  return { value: [...new Set(numbers)] };
}

export function parseTextList(raw: string, what: string, maxLength: number, required: boolean): Parsed<string[]> {
  const items = lines(raw);
  if (items.length === 0) return required ? { error: `Enter at least one ${what}` } : { value: [] };
  if (items.length > limits.listItems) return { error: `Enter at most ${limits.listItems} lines` };
  if (items.some((item) => item.length > maxLength))
    return { error: `Each ${what} must be ${maxLength} characters or fewer` };
  return { value: items };
}

/** Specification rows written as "Name: Value", one per line. */
export function parseSpecifications(raw: string): Parsed<Specification[]> {
  const rows: Specification[] = [];
  const items = raw.split(/\r?\n/).map((l) => l.trim());
  for (const [index, line] of items.entries()) {
    if (!line) continue;
    const colon = line.indexOf(":");
    const name = colon > 0 ? line.slice(0, colon).trim() : "";
    const value = colon > 0 ? line.slice(colon + 1).trim() : "";
    if (!name || !value) return { error: `Write each row as Name: Value (line ${index + 1} is not)` };
    if (name.length > limits.specName || value.length > limits.specValue)
      return {
        error: `Keep names to ${limits.specName} and values to ${limits.specValue} characters (line ${index + 1})`,
      };
    rows.push({ name, value });
  }
  if (rows.length > limits.listItems) return { error: `Enter at most ${limits.listItems} rows` };
  return { value: rows };
}
