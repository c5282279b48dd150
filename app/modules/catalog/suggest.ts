// Predictive search under the header's box (GET /api/search?q=): what the browser and the server share. No zod here:
// the header imports this on every page (docs/decisions/016); the check is in suggest.service.server.ts.
import type { CatalogCard } from "./catalog";

/** Suggestions shown under the box; "See all results" opens /search for the rest. */
export const SUGGEST_LIMIT = 6;
/** Fewer characters than this ask nothing: one letter matches half the shop. */
export const SUGGEST_MIN_LENGTH = 2;

export type Suggestion = Pick<CatalogCard, "kind" | "id" | "name" | "image" | "priceCents" | "tag"> & { href: string };
/** The answer of /api/search: at most SUGGEST_LIMIT results out of `total` matches for `query` (trimmed). */
export type Suggestions = { query: string; results: Suggestion[]; total: number };

/** The full results page for a query, as the plain form would open it. */
export const searchPageHref = (query: string) => `/search?${new URLSearchParams({ q: query })}`;

/** What the live region tells a screen-reader user once suggestions arrive. */
export function suggestionsMessage({ results, total }: Pick<Suggestions, "results" | "total">): string {
  if (total === 0) return "No results";
  if (total > results.length) return `${results.length} of ${total} results`;
  return total === 1 ? "1 result" : `${total} results`;
}
