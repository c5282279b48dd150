// Predictive search under the header's box (GET /api/search?q=): what the browser and the server share. No zod here:
// the header imports this on every page (docs/decisions/016); the check is in suggest.service.server.ts.
import type { CatalogCard } from "./catalog";

/** Suggestions shown under the box; "See all results" opens /search for the rest. */
export const SUGGEST_LIMIT = 6;
/** Fewer characters than this ask nothing: one letter matches half the shop. */
export const SUGGEST_MIN_LENGTH = 2;

export type Suggestion = Pick<CatalogCard, "kind" | "id" | "name" | "image" | "priceCents" | "tag"> & { href: string };
/**
 * The answer of /api/search: at most SUGGEST_LIMIT results out of `total` matches for `query` (trimmed); `correctedTo`
 * the search as corrected when a word was not the catalogue's and was near one of its words (docs/decisions/086).
 */
export type Suggestions = { query: string; results: Suggestion[]; total: number; correctedTo?: string };

/** What a search page or the suggestions say of a corrected search ("Showing results for strawberry"). */
export const correctionMessage = (correctedTo: string, asTyped: number) =>
  asTyped === 0 ? `Showing results for “${correctedTo}”` : `Also showing results for “${correctedTo}”`;

/** The full results page for a query, as the plain form would open it. */
export const searchPageHref = (query: string) => `/search?${new URLSearchParams({ q: query })}`;

/** What the live region tells a screen-reader user once suggestions arrive. */
export function suggestionsMessage({
  results,
  total,
  correctedTo,
}: Pick<Suggestions, "results" | "total" | "correctedTo">): string {
  if (total === 0) return "No results";
  const found =
    total > results.length ? `${results.length} of ${total} results` : total === 1 ? "1 result" : `${total} results`;
  return correctedTo ? `${correctionMessage(correctedTo, 0)}: ${found}` : found;
}
