// A search's pages remembered per catalogue version (docs/decisions/060).
import { LRUCache } from "lru-cache";
import { perContentVersion, type Remembered } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { findCardsOfKeys, type CardRow } from "./catalog.repository.server";
import {
  findVocabularyTexts,
  searchCatalogCards,
  searchCorrectedCards,
  type SearchHit,
} from "./search.repository.server";
import {
  buildVocabulary,
  correctedQuery,
  correctWords,
  mayBeCorrected,
  wordSlots,
  type Vocabulary,
} from "./search-typos";

/**
 * How many search pages each server process remembers, per database: the most recently asked. One is its cards' keys
 * and the number of matches, about 0.5 KB with its key (measured: docs/decisions/060), so 2.5 MB at most.
 */
export const SEARCH_PAGES_KEPT = 5_000;

/**
 * A search page: its cards, how many items match, and when a word was corrected (docs/decisions/086), the search as
 * corrected ("strawberry") and how many items have every word as typed.
 */
export type FoundPage = { hits: CardRow[]; total: number; correction: Correction | null };
export type Correction = { query: string; asTyped: number };
type RankedPage = Omit<FoundPage, "hits"> & { hits: SearchHit[] };

type Found = { keys: readonly number[]; total: number; correction: Correction | null };
const atVersion = perContentVersion(() => new LRUCache<string, Remembered>({ max: SEARCH_PAGES_KEPT }));
const vocabularyAt = perContentVersion();

/**
 * The catalogue's own words (search-typos.ts), made once per catalogue version, when a search first needs them: a
 * change to the catalogue moves the version, so a newly shown item's words are in the next search's vocabulary.
 */
const vocabularyOf = (db: Db, version: number | undefined): Promise<Vocabulary> =>
  vocabularyAt(db, version, "vocabulary", async () => buildVocabulary(await findVocabularyTexts(db)));

/**
 * A page of the search as typed, or, when a word is not one of the catalogue's words and is near one of them, of the
 * search with that word corrected (the items with every word as typed first: searchCorrectedCards).
 */
async function rankedPage(
  db: Db,
  version: number | undefined,
  words: string[],
  limit: number,
  offset: number,
): Promise<RankedPage> {
  // A search of short words and numbers alone ("ice 20mg") has nothing to correct: the vocabulary is not read.
  const corrections = words.some(mayBeCorrected)
    ? correctWords(await vocabularyOf(db, version), words)
    : new Map<string, string>();
  if (corrections.size === 0) return { ...(await searchCatalogCards(db, words, limit, offset)), correction: null };
  const { hits, total, asTyped } = await searchCorrectedCards(db, words, wordSlots(words, corrections), limit, offset);
  return { hits, total, correction: { query: correctedQuery(words, corrections), asTyped } };
}

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
): Promise<FoundPage> {
  if (words.length === 0) return { hits: [], total: 0, correction: null };
  if (version === undefined) return rankedPage(db, version, words, limit, offset);
  // The request that ranks the page answers from its own rows; the rest read the remembered keys' cards.
  let ranked: Promise<RankedPage> | undefined;
  const found = atVersion(db, version, `${limit} ${offset} ${words.join(" ")}`, async (): Promise<Found> => {
    ranked = rankedPage(db, version, words, limit, offset);
    const { hits, total, correction } = await ranked;
    return { keys: hits.map((hit) => Number(hit.seq)), total, correction };
  });
  if (ranked) return ranked;
  const { keys, total, correction } = await found;
  return { hits: await findCardsOfKeys(db, keys), total, correction };
}
