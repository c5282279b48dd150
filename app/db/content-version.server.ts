import { sql } from "kysely";
import type { Db } from "./database.server";

/** What cached storefront pages depend on: the catalogue, reviews and (later) posts. */
const STOREFRONT = "storefront";

export async function readStorefrontVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("content_versions")
    .select("version")
    .where("name", "=", STOREFRONT)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Every write to shown content calls this (inside its transaction), so every server copy drops cached pages. */
export async function bumpStorefrontVersion(db: Db): Promise<void> {
  await db
    .updateTable("content_versions")
    .set({ version: sql`version + 1` })
    .where("name", "=", STOREFRONT)
    .execute();
}

/** One remembered answer: its promise, and the time (ms since the epoch) after which it is asked again. */
export type Remembered = { answer: Promise<unknown>; until: number };

/** Where a memory keeps its answers for one version: a Map (unbounded), or a bounded one such as an LRU cache. */
export type RememberedStore = {
  get(key: string): Remembered | undefined;
  set(key: string, entry: Remembered): unknown;
  delete(key: string): unknown;
};

/**
 * A memory of answers per storefront content version and database, in this process (`atContentVersion` is the shop's
 * own; `newStore` makes a fresh store for each version: a bounded one where the keys are what anyone can type, as a
 * search's words: decision 060).
 */
export function perContentVersion(newStore: () => RememberedStore = () => new Map<string, Remembered>()) {
  const remembered = new WeakMap<Db, { version: number; byKey: RememberedStore }>();
  return function at<T>(
    db: Db,
    version: number | undefined,
    key: string,
    ask: () => Promise<T>,
    until?: (answer: T) => number,
  ): Promise<T> {
    if (version === undefined) return ask();
    let at = remembered.get(db);
    if (at?.version !== version) remembered.set(db, (at = { version, byKey: newStore() }));
    const byKey = at.byKey;
    const known = byKey.get(key);
    if (known && Date.now() < known.until) return known.answer as Promise<T>;
    const entry: Remembered = { answer: ask(), until: Infinity };
    byKey.set(key, entry);
    (entry.answer as Promise<T>).then(
      (answer) => {
        if (until) entry.until = until(answer);
      },
      // A failed question is asked again next time, not remembered.
      () => {
        if (byKey.get(key) === entry) byKey.delete(key);
      },
    );
    return entry.answer as Promise<T>;
  };
}

/**
 * What storefront pages show and only a change to shown content alters (a listing's order, the device filter, the
 * About page's figures, home's posts) is asked once per storefront content version and database in this process,
 * not on every page (a listing's count was 0.3 ms of SQL a page at 10,000 items; the About figures were 15 % of that
 * page's CPU). Every such change moves the version (`bumpStorefrontVersion`), as it moves the page cache's key
 * (docs/decisions/017). Without a version (scripts, tests), asked every time. What is remembered is shared by every
 * request: callers do not change it.
 *
 * `until`: an answer that also changes at a time of its own (home's posts, when one scheduled for later goes live)
 * names that time (ms since the epoch), and is asked again once it has come, by the first request after it; the
 * requests beside that one wait for the same question.
 */
export const atContentVersion = perContentVersion();
