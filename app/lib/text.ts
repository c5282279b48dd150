export const CARD_NAME_LENGTH = 10;
export const NO_NAME = "there is no name";

/**
 * Card titles: a name longer than 10 characters is cut to its first 10 followed by '...'; a name of 10 or fewer is
 * shown whole, without '...', since nothing was cut (docs/product/specification.md §2 and §9). The card's link keeps the
 * full name for screen readers and as its title.
 */
export function cardName(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  if (!trimmed) return NO_NAME;
  const characters = Array.from(trimmed); // a character outside the BMP counts once and is never split
  return characters.length > CARD_NAME_LENGTH ? `${characters.slice(0, CARD_NAME_LENGTH).join("")}...` : trimmed;
}

/** Device cards show the whole name, or the fallback of docs/product/specification.md §2. */
export function displayName(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  return trimmed || NO_NAME;
}
