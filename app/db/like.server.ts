import { sql } from "kysely";

/** `%term%` for LIKE, with the wildcard characters of the term escaped (matched with ESCAPE '\\'). */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Case-insensitive "column contains" on both databases, for a pattern made by likePattern. */
export const likeMatch = (column: string, pattern: string) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
