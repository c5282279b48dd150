import { z } from "zod";
import type { Db } from "~/db/database.server";
import { cardHref, SEARCH_MAX_LENGTH } from "./catalog";
import { searchCatalog } from "./catalog.service.server";
import { SUGGEST_LIMIT, SUGGEST_MIN_LENGTH, type Suggestions } from "./suggest";

/** The `q` of /api/search: spaces collapsed and trimmed, at most SEARCH_MAX_LENGTH characters, no control characters. */
export const suggestQuery = z
  .string()
  .transform((raw) => raw.replace(/\s+/g, " ").trim())
  .pipe(
    z
      .string()
      .max(SEARCH_MAX_LENGTH, `Please use at most ${SEARCH_MAX_LENGTH} characters to search.`)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/, "Search words cannot contain control characters."),
  );

/** The query of /api/search's URL, or the message of a 400. A missing `q` is an empty search. */
export function readSuggestQuery(params: URLSearchParams): { query: string } | { problem: string } {
  const values = params.getAll("q");
  if (values.length > 1) return { problem: "Please give one search (q) at a time." };
  const parsed = suggestQuery.safeParse(values[0] ?? "");
  return parsed.success ? { query: parsed.data } : { problem: parsed.error.issues[0]!.message };
}

/**
 * The first few devices and flavours matching a query, for the header's suggestions. The one place that chooses how
 * they are found: the first SUGGEST_LIMIT results of the full search, in its order (docs/decisions/019).
 */
export async function suggestCatalog(db: Db, query: string, version?: number): Promise<Suggestions> {
  if (query.length < SUGGEST_MIN_LENGTH) return { query, results: [], total: 0 };
  const { cards, totalItems, correction } = await searchCatalog(db, query, "1", SUGGEST_LIMIT, version);
  const results = cards.map(({ kind, id, name, image, priceCents, tag }) => ({
    kind,
    id,
    name,
    href: cardHref({ kind, id }),
    image,
    priceCents,
    tag,
  }));
  // Said when nothing matched as typed and the correction found something (else "No devices or flavours match.").
  return correction && correction.asTyped === 0 && totalItems > 0
    ? { query, results, total: totalItems, correctedTo: correction.query }
    : { query, results, total: totalItems };
}
