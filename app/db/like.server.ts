import { sql } from "kysely";

/** The term with LIKE's wildcard characters escaped (matched with ESCAPE '\\'). */
export const escapeLike = (term: string) => term.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** `%term%` for LIKE, with the wildcard characters of the term escaped (matched with ESCAPE '\\'). */
export function likePattern(term: string): string {
  return `%${escapeLike(term.toLowerCase())}%`;
}

/** "Starts with" for LIKE: the escaped prefix and `%` (matched with ESCAPE '\\'). */
export const prefixPattern = (prefix: string) => `${escapeLike(prefix)}%`;

/** Case-insensitive "column contains" on both databases, for a pattern made by likePattern. */
export const likeMatch = (column: string, pattern: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
