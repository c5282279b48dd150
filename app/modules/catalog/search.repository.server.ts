// The catalogue's full-text search (docs/decisions/019, 050, 051): the matches ranked in tiers, a page of their cards.
import { PostgresAdapter, sql, type RawBuilder } from "kysely";
import type { Db } from "~/db/database.server";
import { stockColumns, type CardRow } from "./catalog.repository.server";
import { fts5Queries, SEARCH_TIERS, tsQueries } from "./search-terms";

type Slots = Parameters<typeof fts5Queries>[0];

/** A card the search found: its rank (`tier`) and key (`seq`, to find the card again by: search-pages.server.ts). */
export type SearchHit = CardRow & { tier: number; seq: number };

/**
 * Full-text search, ranked in tiers (SEARCH_TIERS: every word before some, the name before the device and flavour
 * list before the description, a part of a word last: "berry" in "Blueberry"), then by name. `words` come from
 * searchWords (letters and digits only).
 */
export async function searchCatalogCards(
  db: Db,
  words: string[],
  limit: number,
  offset: number,
): Promise<{ hits: SearchHit[]; total: number }> {
  if (words.length === 0) return { hits: [], total: 0 };
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? searchPostgres(db, words, limit, offset)
    : searchSqlite(db, words, limit, offset);
}

/**
 * A search with corrected words (docs/decisions/086): `slots` are the typed words, each with its correction if it
 * has one (search-typos.ts). The items with every word as typed come first, in their tiers (0 to 2); every other item
 * either word of a slot finds follows, ranked in the tiers of the corrected search (3 and on). `asTyped`: how many
 * items have every word as typed (none, most often: a corrected word is one the catalogue's names do not hold).
 */
export async function searchCorrectedCards(
  db: Db,
  words: string[],
  slots: string[][],
  limit: number,
  offset: number,
): Promise<{ hits: SearchHit[]; total: number; asTyped: number }> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const { page, count, asTyped } = postgres
    ? postgresSearchQuery(slots, limit, offset, words)
    : sqliteSearchQuery(slots, limit, offset, words);
  const found = await withTotal((await page.execute(db)).rows, offset, () => count.execute(db));
  return { ...found, asTyped: totalOf(await asTyped.execute(db)) };
}

/** Tiers 0 to 2 for the items with every word as typed (`typed`: its three every-word conditions), then the rest's. */
const asTypedFirst = (typed: RawBuilder<unknown>[], rest: RawBuilder<unknown>) =>
  sql`case when ${typed[2]} then ${everyWordTier(typed[0]!, typed[1]!)} else 3 + ${rest} end`;

type SearchRow = SearchHit & { total: number | string };

type Counted = { rows: Array<{ total: number | string }> };
const totalOf = (counted: Counted) => Number(counted.rows[0]?.total ?? 0);
const withoutTotals = (rows: SearchRow[]): SearchHit[] => rows.map(({ total: _total, ...hit }) => hit);

/** The page's rows and the number of matches, counted with the page (a window) unless the page is past the end. */
async function withTotal(rows: SearchRow[], offset: number, count: () => Promise<Counted>) {
  const hits = withoutTotals(rows);
  if (rows.length > 0 || offset === 0) return { hits, total: Number(rows[0]?.total ?? 0) };
  return { hits, total: totalOf(await count()) };
}

/**
 * The tier of a match: `case when <tier 0 matches> then 0 … else <last> end` over the tiers' conditions, asked in an
 * order that spares most rows most questions. Every word in the name is also every word in the name, device or flavour
 * list, which is also every word anywhere (SEARCH_TIERS): so tiers 0 and 1 are only asked of the few rows in tier 2's
 * set, and the many rows found by one word of several are asked three questions, not five (measured on a two-word
 * search of 10,000 items: 1,567 matches, the query 2.6 → 2.0 ms on SQLite).
 */
function tierCase(conditions: RawBuilder<unknown>[], otherwise: RawBuilder<unknown>) {
  const [name, listed, anywhere, ...rest] = conditions;
  return sql`case when ${anywhere} then ${everyWordTier(name!, listed!)} ${sql.join(
    rest.map((when, index) => sql`when ${when} then ${sql.lit(index + 3)}`),
    sql` `,
  )} else ${otherwise} end`;
}

/** The tier of an item with every word: 0 when they are all in its name, 1 when all in its lists, else 2. */
const everyWordTier = (name: RawBuilder<unknown>, listed: RawBuilder<unknown>) =>
  sql`case when ${name} then 0 when ${listed} then 1 else 2 end`;

/**
 * The ranked page of the rows `from` finds (named `c`, with its own `where`): each one's seq, how many rows it found
 * (`total`) and tier, for the page's rows only, in the order the search shows them.
 */
const rankedMatches = (tier: RawBuilder<unknown>, from: RawBuilder<unknown>, limit: number, offset: number) =>
  sql`ranked as (select c.seq, count(*) over () as total, ${tier} as tier
    ${from}
    order by tier, c.name, c.item_id
    limit ${limit} offset ${offset})`;

/**
 * The cards of a ranked page (`ranked`: seq, total, tier, the page's rows only). Each card's stock is summed from its
 * variants for these rows alone, not for every match before the page is cut (a two-word search matches 1,600 of
 * 10,000 items: the sums were most of its time).
 */
const pageOfRanked = sql`select c.kind, c.item_id as id, c.name, c.image, c.price_cents, c.tag,
    ${sql.join(stockColumns("c"))}, r.total, r.tier, c.seq
  from ranked r join catalog_items c on c.seq = r.seq
  order by r.tier, c.name, c.item_id`;

/** SQLite's search, every match ranked: the page's cards (`pageOfRanked`), and the count of every match. */
export function sqliteSearchQuery(words: Slots, limit: number, offset: number, typed?: string[]) {
  const q = fts5Queries(words);
  const parts = q.parts
    ? sql`union all select rowid as seq, 0 as word from catalog_names where catalog_names match ${q.parts}`
    : sql``;
  const hits = sql`hits as (select seq, max(word) as word from (
    select rowid as seq, 1 as word from catalog_search where catalog_search match ${q.any} ${parts}) group by seq)`;
  const corrected = tierCase(
    q.tiers.map(inFtsMatch),
    sql`case when h.word = 1 then ${sql.lit(SEARCH_TIERS - 1)} else ${sql.lit(SEARCH_TIERS)} end`,
  );
  const typedTiers = typed && fts5Queries(typed).tiers.slice(0, 3);
  const tier = typedTiers ? asTypedFirst(typedTiers.map(inFtsMatch), corrected) : corrected;
  // SQLite takes a cross join's tables in the order written: the matches first, each item found by its key (its own
  // choice walked the name index of every visible item, 9,600 of them, to find 1,567 matches).
  const ranked = rankedMatches(
    tier,
    sql`from hits h cross join catalog_items c on c.seq = h.seq where c.visible = 1`,
    limit,
    offset,
  );
  // The count needs no tier: the two indexes' rowids, each in order, merged into one list without repeats (a union),
  // not grouped in a temporary tree as `hits` is (measured: 1.2 → 0.7 ms for "mango ice", 1,567 matches).
  const matched = sql`select rowid as seq from catalog_search where catalog_search match ${q.any}${
    q.parts ? sql` union select rowid as seq from catalog_names where catalog_names match ${q.parts}` : sql``
  }`;
  return {
    page: sql<SearchRow>`with ${hits}, ${ranked} ${pageOfRanked}`,
    count: sql<{ total: number }>`select count(*) as total
      from (${matched}) h cross join catalog_items c on c.seq = h.seq where c.visible = 1`,
    asTyped: sql<{ total: number }>`select count(*) as total
      from (select rowid as seq from catalog_search where catalog_search match ${typedTiers?.[2] ?? q.tiers[2]!}) h
      cross join catalog_items c on c.seq = h.seq where c.visible = 1`,
  };
}

const inFtsMatch = (match: string) =>
  sql`c.seq in (select rowid from catalog_search where catalog_search match ${match})`;

/**
 * The first tiers alone: the items with every word (in the name, in the lists, anywhere), which come before every
 * other match. `total` here counts these rows only; when there are at least `offset + limit` of them, the page is
 * theirs and the rest of the matches need only be counted, not ranked. `inIndex` counts them in the full-text index
 * alone (hidden items too), to know first whether there can be enough.
 */
export function sqliteEveryWordQuery(words: string[], limit: number, offset: number) {
  const [name, listed, anywhere] = fts5Queries(words).tiers;
  const inIndex = sql<{ total: number }>`select count(*) as total from catalog_search
    where catalog_search match ${anywhere!}`;
  const ranked = rankedMatches(
    everyWordTier(inFtsMatch(name!), inFtsMatch(listed!)),
    sql`from (select rowid as seq from catalog_search where catalog_search match ${anywhere!}) h
      cross join catalog_items c on c.seq = h.seq
      where c.visible = 1`,
    limit,
    offset,
  );
  return { inIndex, page: sql<SearchRow>`with ${ranked} ${pageOfRanked}` };
}

/**
 * Ranking every match costs most of a search (1,567 of 10,000 items for "mango ice": 2.0 ms). A first page usually
 * holds only items with every word (35 of them have both in the name), so when the full-text index has enough of them
 * (counted in the index alone: 0.1 ms) those are ranked alone (0.3 ms) and the rest only counted (0.7 ms, its
 * rowids merged: decision 052). A page past them ranks every match.
 */
async function searchSqlite(db: Db, words: string[], limit: number, offset: number) {
  const { page, count } = sqliteSearchQuery(words, limit, offset);
  const everyWord = sqliteEveryWordQuery(words, limit, offset);
  if (totalOf(await everyWord.inIndex.execute(db)) >= offset + limit) {
    const every = (await everyWord.page.execute(db)).rows;
    // Hidden items are in the index too: only a full page of visible ones is the page.
    if (every.length === limit) return { hits: withoutTotals(every), total: totalOf(await count.execute(db)) };
  }
  return withTotal((await page.execute(db)).rows, offset, () => count.execute(db));
}

/** A PostgreSQL full-text match of the `search` column. */
const tsMatch = (query: string) => sql`c.search @@ to_tsquery('simple', ${query})`;

/** The rows PostgreSQL's search finds: every visible item with some word, or a part of a word in its name. */
function postgresMatches(q: ReturnType<typeof tsQueries>) {
  const parts = q.parts.map((pattern) => sql`c.name_plain like ${pattern}`);
  return sql`c.visible = 1 and (${sql.join([tsMatch(q.any), ...parts], sql` or `)})`;
}

/** PostgreSQL's search: the page's cards (`pageOfRanked`), and the count of matches when the page is past the end. */
export function postgresSearchQuery(words: Slots, limit: number, offset: number, typed?: string[]) {
  const q = tsQueries(words);
  const matches = postgresMatches(q);
  const corrected = tierCase([...q.tiers.map(tsMatch), tsMatch(q.any)], sql`${sql.lit(SEARCH_TIERS)}`);
  const typedTiers = typed && tsQueries(typed).tiers.slice(0, 3);
  const tier = typedTiers ? asTypedFirst(typedTiers.map(tsMatch), corrected) : corrected;
  const ranked = rankedMatches(tier, sql`from catalog_items c where ${matches}`, limit, offset);
  return {
    page: sql<SearchRow>`with ${ranked} ${pageOfRanked}`,
    count: sql<{ total: string }>`select count(*) as total from catalog_items c where ${matches}`,
    asTyped: sql<{ total: string }>`select count(*) as total from catalog_items c
      where c.visible = 1 and ${tsMatch(typedTiers?.[2] ?? q.tiers[2]!)}`,
  };
}

/** The texts the typo vocabulary is made of (search-typos.ts): the names, devices and flavour lists on show. */
export async function findVocabularyTexts(db: Db): Promise<string[]> {
  const { rows } = await sql<{ text: string }>`select name as text from catalog_items where visible = 1
    union select tag from catalog_items where visible = 1
    union select flavours from catalog_items where visible = 1`.execute(db);
  return rows.map((row) => row.text);
}

/**
 * PostgreSQL's first tiers alone (docs/decisions/058), as SQLite's (`sqliteEveryWordQuery`): the page ranked from the
 * visible items with every word, which come before every other match. `total` here counts these rows only.
 */
export function postgresEveryWordQuery(words: string[], limit: number, offset: number) {
  const [name, listed, anywhere] = tsQueries(words).tiers.map(tsMatch);
  const ranked = rankedMatches(
    everyWordTier(name!, listed!),
    sql`from catalog_items c where c.visible = 1 and ${anywhere}`,
    limit,
    offset,
  );
  return sql<SearchRow>`with ${ranked} ${pageOfRanked}`;
}

/**
 * Ranking every match reads each matching row and asks up to four full-text questions of it (1,567 rows for
 * "mango ice" on 10,000 items). With more than one word, a page the items with every word fill is ranked from those
 * alone and the rest only counted (decision 058); a page past them ranks every match. One word has no such short way:
 * every item it finds by its words has every word.
 */
async function searchPostgres(db: Db, words: string[], limit: number, offset: number) {
  const { page, count } = postgresSearchQuery(words, limit, offset);
  if (words.length > 1) {
    const every = (await postgresEveryWordQuery(words, limit, offset).execute(db)).rows;
    if (every.length === limit) return { hits: withoutTotals(every), total: totalOf(await count.execute(db)) };
  }
  return withTotal((await page.execute(db)).rows, offset, () => count.execute(db));
}
