export const NO_NAME = "there is no name";

/**
 * A name as cards and pages show it: whole, trimmed (docs/decisions/068), or the fallback of
 * docs/product/specification.md §2 when there is none.
 */
export function displayName(name: string | null | undefined): string {
  const trimmed = (name ?? "").trim();
  return trimmed || NO_NAME;
}
