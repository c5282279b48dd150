// A search's pages remembered per catalogue version (docs/decisions/060).
import { LRUCache } from "lru-cache";
import { perContentVersion, type Remembered } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { findCardsOfKeys, type CardRow } from "./catalog.repository.server";
import { searchCatalogCards } from "./search.repository.server";

/**
 * How many search pages each server process remembers, per database: the most recently asked. One is its cards' keys
 * and the number of matches, about 0.5 KB with its key (measured: docs/decisions/060), so 2.5 MB at most.
 */
export const SEARCH_PAGES_KEPT = 5_000;

type Found = { keys: readonly number[]; total: number };
const atVersion = perContentVersion(() => new LRUCache<string, Remembered>({ max: SEARCH_PAGES_KEPT }));

/**
 * A page of a search's cards and how many items match. Which items a search finds, and in what order, changes only
 * with the catalogue, which moves the storefront's content version (as a listing's order: decision 053). So with a
 * version, a page of words already asked in this version is read by its cards' keys alone (the query a listing's page
 * asks), not ranked again; the cards' stock is read each time. Searches are words anyone can type, so only the
 * SEARCH_PAGES_KEPT most recently asked are kept. Without a version (scripts, tests), every search is ranked.
 */
export async function searchPage(
  db: Db,
  version: number | undefined,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ hits: CardRow[]; total: number }> {
  if (version === undefined || words.length === 0) return searchCatalogCards(db, words, limit, offset);
  // The request that ranks the page answers from its own rows; the rest read the remembered keys' cards.
  let ranked: ReturnType<typeof searchCatalogCards> | undefined;
  const found = atVersion(db, version, `${limit} ${offset} ${words.join(" ")}`, async (): Promise<Found> => {
    ranked = searchCatalogCards(db, words, limit, offset);
    const { hits, total } = await ranked;
    return { keys: hits.map((hit) => Number(hit.seq)), total };
  });
  if (ranked) return ranked;
  const { keys, total } = await found;
  return { hits: await findCardsOfKeys(db, keys), total };
}
