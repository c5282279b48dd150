import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { databaseKind, sqlitePath, type Db } from "./database.server";
import { migrateToLatest } from "./migrate.server";

/** The PostgreSQL advisory lock held while a server copy prepares the database (any fixed number will do). */
export const PREPARE_LOCK_KEY = 7_319_019;
/** How long a copy waits for another one to finish preparing the database (SQLite). */
const SQLITE_LOCK_WAIT_MS = 120_000;

type Prepared = { migrations: string[]; loaded: string[] };
/** Work that must be done before any copy serves, after the migrations (e.g. the image variants, decision 018). */
type Step = (db: Db) => Promise<unknown>;
/** Loads starting content into a database that has none and answers what it loaded (none: an empty list). */
export type Seed = (db: Db) => Promise<string[]>;
/**
 * What runs after the migrations, in this order: `seed` (the caller's choice: the demo content lives above the data
 * layer, in app/demo, and is loaded only when asked, docs/decisions/026), then `after`.
 */
export type PrepareSteps = { seed?: Seed; after?: Step };

async function migrateAndSeed(db: Db, { seed, after }: PrepareSteps): Promise<Prepared> {
  const migrations = await migrateToLatest(db);
  const loaded = seed ? await seed(db) : [];
  await after?.(db);
  return { migrations, loaded };
}

/**
 * Migrations, the seed and `after`, one server copy at a time, so several copies can start together on a fresh
 * database (docs/decisions/011). PostgreSQL: a session advisory lock on one connection, which also does the work
 * (a pool of one connection is enough). SQLite: an exclusive transaction on a lock file beside the database; the
 * others wait for it, then find everything done.
 */
export async function prepareDatabase(db: Db, databaseUrl: string, steps: PrepareSteps = {}): Promise<Prepared> {
  if (databaseKind(databaseUrl) === "postgres") {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${PREPARE_LOCK_KEY})`.execute(connection);
      try {
        return await migrateAndSeed(connection, steps);
      } finally {
        await sql`select pg_advisory_unlock(${PREPARE_LOCK_KEY})`.execute(connection);
      }
    });
  }
  const path = sqlitePath(databaseUrl);
  if (path === ":memory:") return migrateAndSeed(db, steps);
  const lock = new SqliteDatabase(`${path}.startup-lock`);
  try {
    lock.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
    lock.exec("begin exclusive");
    try {
      return await migrateAndSeed(db, steps);
    } finally {
      lock.exec("commit");
    }
  } finally {
    lock.close();
  }
}
