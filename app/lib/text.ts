export const CARD_NAME_LENGTH = 10;
export const NO_NAME = "there is no name";

/** Card titles: the first 10 characters followed by '...' (docs/product/specification.md §2 and §9). */
export function cardName(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  if (!trimmed) return NO_NAME;
  return `${trimmed.slice(0, CARD_NAME_LENGTH)}...`;
}

/** Device cards show the whole name, or the fallback of docs/product/specification.md §2. */
export function displayName(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  return trimmed || NO_NAME;
}
