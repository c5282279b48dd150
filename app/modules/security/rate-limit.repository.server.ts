import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern, prefixPattern } from "~/db/like.server";

// Every query of the rate-limit counters: one row per key and window. rate-limit.service.server.ts holds the rules.

export type WindowKey = { key: string; windowStart: number };

/** The keys in one order, so that statements about the same keys lock their rows in the same order (no deadlock). */
const sorted = (windows: WindowKey[]) => [...windows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/**
 * Counts one more hit for every key in its window, in one statement (an upsert that returns what it wrote, on SQLite
 * 3.35+ and PostgreSQL alike), so requests at the same moment, in any server copy, each get a count of their own.
 * The keys must differ. Returns each key's count after this hit.
 */
export async function incrementHits(db: Db, windows: WindowKey[]): Promise<Map<string, number>> {
  const rows = await db
    .insertInto("rate_limit_hits")
    .values(sorted(windows).map((w) => ({ key: w.key, window_start: w.windowStart, count: 1 })))
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }))
    .returning(["key", "count"])
    .execute();
  return new Map(rows.map((row) => [row.key, Number(row.count)]));
}

/** Takes one hit back from every key's window (never below zero), in one statement locking rows as incrementHits does. */
export async function decrementHits(db: Db, windows: WindowKey[]): Promise<void> {
  if (windows.length === 0) return;
  await db
    .insertInto("rate_limit_hits")
    .values(sorted(windows).map((w) => ({ key: w.key, window_start: w.windowStart, count: 0 })))
    .onConflict((oc) =>
      oc.columns(["key", "window_start"]).doUpdateSet({
        count: sql`case when rate_limit_hits.count > 0 then rate_limit_hits.count - 1 else 0 end`,
      }),
    )
    .execute();
}

/**
 * The counts of these keys in these windows (a window without a row counts 0), in one query: by key, or with
 * `byWindow` by `windowStart:key` (for several windows of one key).
 */
export async function hitsIn(db: Db, windows: WindowKey[], byWindow = false): Promise<Map<string, number>> {
  if (windows.length === 0) return new Map();
  const rows = await db
    .selectFrom("rate_limit_hits")
    .select(["key", "window_start", "count"])
    .where((eb) => eb.or(windows.map((w) => eb.and([eb("key", "=", w.key), eb("window_start", "=", w.windowStart)]))))
    .execute();
  return new Map(rows.map((row) => [byWindow ? `${row.window_start}:${row.key}` : row.key, Number(row.count)]));
}

export async function deleteWindowsBefore(db: Db, windowStart: number): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("window_start", "<", windowStart).execute();
}

export async function deleteKey(db: Db, key: string): Promise<void> {
  await db.deleteFrom("rate_limit_hits").where("key", "=", key).execute();
}

export async function deleteKeysStartingWith(db: Db, prefix: string): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where(sql<boolean>`${sql.ref("key")} like ${prefixPattern(prefix)} escape '\\'`)
    .execute();
}

/** Deletes every count whose key holds the text, in any case. */
export async function deleteKeysContaining(db: Db, text: string): Promise<void> {
  await db
    .deleteFrom("rate_limit_hits")
    .where(likeMatch("key", likePattern(text)))
    .execute();
}
