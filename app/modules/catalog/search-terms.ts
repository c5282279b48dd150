// What a shopper typed, as the words the catalogue's full-text indexes understand (docs/decisions/019).

/** At most this many words count; the rest of a long search is ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * The words of a search: letters and digits only (so nothing typed can reach SQL or the full-text query syntax),
 * lower case, accents removed as the indexes remove them ("Crème" → "creme"), each once.
 */
export function searchWords(query: string, max = MAX_SEARCH_WORDS): string[] {
  const plain = query.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
  const words = plain.match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].slice(0, max);
}

/** A word of two or more characters also matches longer words it starts ("man" → "mango"); one character only itself. */
const isPrefix = (word: string) => word.length >= 2;

/**
 * The ranking tiers, best first (docs/decisions/019): every word in the name; every word in the name, device or
 * flavour list; every word anywhere (the description too); then some word in the name; in the name, device or
 * flavour list; anywhere. After them come items found only by a part of a word in their name.
 */
export const SEARCH_TIERS = 6;

/**
 * The words searched for: each a "slot" of the word as typed and, when it was corrected (search-typos.ts), its
 * correction, either of which fills it ("strawbery" → ["strawbery", "strawberry"]). Plain words are one-word slots.
 */
type Slots = ReadonlyArray<string | readonly string[]>;
const alternatives = (slot: string | readonly string[]) => (typeof slot === "string" ? [slot] : slot);

/** SQLite FTS5 queries: one per tier, and the name parts for the trigram index. */
export function fts5Queries(words: Slots) {
  const word = (w: string) => `"${w}"${isPrefix(w) ? "*" : ""}`;
  const term = (slot: string | readonly string[]) => {
    const either = alternatives(slot);
    return either.length === 1 ? word(either[0]!) : `(${either.map(word).join(" OR ")})`;
  };
  const all = words.map(term).join(" AND ");
  const any = words.map(term).join(" OR ");
  return {
    any,
    tiers: [
      `name : (${all})`,
      `{name tag flavours} : (${all})`,
      all,
      `name : (${any})`,
      `{name tag flavours} : (${any})`,
    ],
    // The trigram index finds a part of a word; it needs three characters.
    parts: words
      .flatMap(alternatives)
      .filter((w) => w.length >= 3)
      .map((w) => `"${w}"`)
      .join(" OR "),
  };
}

/** PostgreSQL tsquery texts (for to_tsquery('simple', …)), one per tier, and LIKE patterns for the trigram index. */
export function tsQueries(words: Slots) {
  // Weights: A the name, B the device and flavour list, C the description.
  const word = (w: string, weights: string) => (isPrefix(w) ? `${w}:*${weights}` : weights ? `${w}:${weights}` : w);
  const term = (slot: string | readonly string[], weights = "") => {
    const either = alternatives(slot);
    return either.length === 1 ? word(either[0]!, weights) : `(${either.map((w) => word(w, weights)).join(" | ")})`;
  };
  const join = (weights: string, op: string) => words.map((w) => term(w, weights)).join(op);
  return {
    any: join("", " | "),
    tiers: [join("A", " & "), join("AB", " & "), join("", " & "), join("A", " | "), join("AB", " | ")],
    parts: words
      .flatMap(alternatives)
      .filter((w) => w.length >= 3)
      .map((w) => `%${w}%`),
  };
}
