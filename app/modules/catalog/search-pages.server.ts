// A search's pages remembered per catalogue version (docs/decisions/060).
import { LRUCache } from "lru-cache";
import type { Db } from "~/db/database.server";
import { findCardsOfKeys, type CardRow } from "./catalog.repository.server";
import { searchCatalogCards } from "./search.repository.server";

/**
 * How many search pages each server process remembers, per database: the most recently asked. One is its cards' keys
 * and the number of matches, about 0.45 KB with its key (measured: docs/decisions/060), so 2.2 MB at most.
 */
export const SEARCH_PAGES_KEPT = 5_000;

type Found = { keys: readonly number[]; total: number };
const kept = new WeakMap<Db, { version: number; pages: LRUCache<string, Promise<Found>> }>();

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
  let at = kept.get(db);
  if (at?.version !== version) kept.set(db, (at = { version, pages: new LRUCache({ max: SEARCH_PAGES_KEPT }) }));
  const pages = at.pages;
  const key = `${limit} ${offset} ${words.join(" ")}`;
  const known = pages.get(key);
  if (known) {
    const { keys, total } = await known;
    return { hits: await findCardsOfKeys(db, keys), total };
  }
  const found = searchCatalogCards(db, words, limit, offset);
  const entry = found.then(({ hits, total }) => ({ keys: hits.map((hit) => Number(hit.seq)), total }));
  pages.set(key, entry);
  // A failed search is asked again next time, not remembered (its caller has `found`'s error).
  entry.catch(() => {
    if (pages.peek(key) === entry) pages.delete(key);
  });
  return found;
}
