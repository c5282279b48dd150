// A search that forgives a typo (docs/decisions/086): a word the catalogue's own words do not hold is corrected to
// the nearest of them by trigram similarity, computed as PostgreSQL's pg_trgm computes it, on both databases.
import { searchWords } from "./search-terms";

/** Shorter words are never corrected: "ice" is one letter from "rice", "mic" and "ace". */
export const MIN_CORRECTED_LENGTH = 4;
/** The least trigram similarity a correction needs ("strawbery" → "strawberry" is 0.75, "mnago" → "mango" 0.2). */
export const SIMILARITY_THRESHOLD = 0.4;

/** The catalogue's own words: sorted, each once, and each one's trigrams (to compare a typed word with). */
export type Vocabulary = { words: string[]; trigrams: Array<Set<string>> };

/**
 * The trigrams of a word as pg_trgm takes them: the word padded with two spaces before and one after, every run of
 * three characters, each once ("ice" → "  i", " ic", "ice", "ce ").
 */
export function trigramsOf(word: string): Set<string> {
  const padded = `  ${word} `;
  const found = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) found.add(padded.slice(i, i + 3));
  return found;
}

/** pg_trgm's `similarity`: the trigrams two words share, over all the trigrams either has (0 to 1). */
export function trigramSimilarity(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const trigram of a) if (b.has(trigram)) shared++;
  const all = a.size + b.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** A word worth correcting, or correcting to: letters only (no numbers, no nicotine strengths such as "20mg"). */
const isLetters = (word: string) => /^\p{L}+$/u.test(word);

/** The vocabulary of these texts (item names, brands, flavour lists): their words as a search reads them. */
export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const words = new Set<string>();
  for (const text of texts) for (const word of searchWords(text, Infinity)) if (isLetters(word)) words.add(word);
  const sorted = [...words].sort();
  return { words: sorted, trigrams: sorted.map(trigramsOf) };
}

/** Whether some vocabulary word is this word or starts with it (what the search finds by a word: "mang" → "mango"). */
function startsSomeWord(vocabulary: Vocabulary, word: string): boolean {
  const { words } = vocabulary;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words[middle]! < word) low = middle + 1;
    else high = middle;
  }
  return low < words.length && words[low]!.startsWith(word);
}

/** The vocabulary word nearest this one, at SIMILARITY_THRESHOLD or more; ties go to the nearer length, then A to Z. */
function nearestWord(vocabulary: Vocabulary, word: string): string | null {
  const typed = trigramsOf(word);
  const lengthGap = (other: string) => Math.abs(other.length - word.length);
  let best: string | null = null;
  let bestScore = SIMILARITY_THRESHOLD;
  for (let i = 0; i < vocabulary.words.length; i++) {
    const trigrams = vocabulary.trigrams[i]!;
    // Shared trigrams are at most the smaller set, all of them at least the larger: too far apart, not compared.
    if (Math.min(trigrams.size, typed.size) < bestScore * Math.max(trigrams.size, typed.size)) continue;
    const candidate = vocabulary.words[i]!;
    const score = trigramSimilarity(typed, trigrams);
    if (score > bestScore || (score === bestScore && (best === null || lengthGap(candidate) < lengthGap(best)))) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** A word long enough, and letters only: one a correction is looked for when the vocabulary does not know it. */
export const mayBeCorrected = (word: string) => word.length >= MIN_CORRECTED_LENGTH && isLetters(word);

/**
 * The corrections of a search's words: for each word the catalogue's vocabulary does not hold (not a word of it, nor
 * the start of one), longer than 3 letters and letters only, the nearest vocabulary word, by trigram similarity at
 * SIMILARITY_THRESHOLD or more. Empty when no word needs or finds one (the search as typed is the whole search).
 */
export function correctWords(vocabulary: Vocabulary, words: readonly string[]): Map<string, string> {
  const corrections = new Map<string, string>();
  for (const word of words) {
    if (!mayBeCorrected(word) || startsSomeWord(vocabulary, word)) continue;
    const nearest = nearestWord(vocabulary, word);
    if (nearest) corrections.set(word, nearest);
  }
  return corrections;
}

/** The words searched for, each typed word followed by its correction, if any (a search's "slots"). */
export const wordSlots = (words: readonly string[], corrections: ReadonlyMap<string, string>): string[][] =>
  words.map((word) => (corrections.has(word) ? [word, corrections.get(word)!] : [word]));

/** The search as corrected, for a person to read ("Showing results for strawberry"): the typed words, corrected. */
export const correctedQuery = (words: readonly string[], corrections: ReadonlyMap<string, string>): string =>
  words.map((word) => corrections.get(word) ?? word).join(" ");
