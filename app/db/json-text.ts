/**
 * Columns that hold JSON as text (lists, so SQLite and PostgreSQL store them alike: docs/decisions/001). The schema
 * says what each one holds with `JsonText<T>`; `toJsonText` is how the shop writes one and the parsers below are the
 * only readers (docs/decisions/025). Client-safe: no I/O.
 */

declare const holds: unique symbol;

/**
 * Text holding the JSON of a `T`. Text of one shape does not fit a column of another; plain text still fits (rows
 * written before, the demo seed), which is why reading always goes through a parser that checks every item.
 */
export type JsonText<T> = string & { readonly [holds]?: T };

/** A value as the JSON text of its column. */
export const toJsonText = <T>(value: T): JsonText<T> => JSON.stringify(value);

/**
 * The items of a JSON list column that are what `isItem` expects. Never throws: no text, text that is not JSON or not a
 * list gives an empty list, and items of the wrong type are left out.
 */
export function parseJsonList<T>(
  text: JsonText<readonly NoInfer<T>[]> | null | undefined,
  isItem: (value: unknown) => value is T,
): T[] {
  if (!text) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return Array.isArray(value) ? value.filter(isItem) : [];
}

export type NameValue = { name: string; value: string };

export const isText = (value: unknown): value is string => typeof value === "string";
export const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
export const isNameValue = (value: unknown): value is NameValue =>
  typeof value === "object" &&
  value !== null &&
  "name" in value &&
  isText(value.name) &&
  "value" in value &&
  isText(value.value);

// One reader per shape.
export const textList = (text: JsonText<string[]> | null) => parseJsonList(text, isText);
export const numberList = (text: JsonText<number[]> | null) => parseJsonList(text, isNumber);
export const nameValueList = (text: JsonText<NameValue[]> | null) => parseJsonList(text, isNameValue);
/** The first of a text list (an item's first image), or null. */
export const firstText = (text: JsonText<string[]> | null) => textList(text)[0] ?? null;
