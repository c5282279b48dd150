import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { prefixPattern } from "~/db/like.server";

// Every query of the rate-limit counters: one row per key and window. rate-limit.server.ts holds the rules.

/** Counts one more hit for the key in the window; the window's count after it. */
export async function incrementHits(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function hitsIn(db: Db, key: string, windowStart: number): Promise<number> {
  const row = await db
    .selectFrom("rate_limit_hits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
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
