import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { databaseKind, sqlitePath, type Db } from "./database.server";
import { migrateToLatest } from "./migrate.server";
import { seedDemoContent } from "./seed/seed.server";

/** The PostgreSQL advisory lock held while a server copy prepares the database (any fixed number will do). */
export const PREPARE_LOCK_KEY = 7_319_019;
/** How long a copy waits for another one to finish preparing the database (SQLite). */
const SQLITE_LOCK_WAIT_MS = 120_000;

type Prepared = { migrations: string[]; loaded: string[] };
/** Work that must be done before any copy serves, after the migrations (e.g. the image variants, decision 018). */
type Step = (db: Db) => Promise<unknown>;

async function migrateAndSeed(db: Db, after?: Step): Promise<Prepared> {
  const migrations = await migrateToLatest(db);
  const loaded = await seedDemoContent(db);
  await after?.(db);
  return { migrations, loaded };
}

/**
 * Migrations, the demo load and `after`, one server copy at a time, so several copies can start together on a fresh
 * database (docs/decisions/011). PostgreSQL: a session advisory lock on one connection, which also does the work
 * (a pool of one connection is enough). SQLite: an exclusive transaction on a lock file beside the database; the
 * others wait for it, then find everything done.
 */
export async function prepareDatabase(db: Db, databaseUrl: string, after?: Step): Promise<Prepared> {
  if (databaseKind(databaseUrl) === "postgres") {
    return db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(${PREPARE_LOCK_KEY})`.execute(connection);
      try {
        return await migrateAndSeed(connection, after);
      } finally {
        await sql`select pg_advisory_unlock(${PREPARE_LOCK_KEY})`.execute(connection);
      }
    });
  }
  const path = sqlitePath(databaseUrl);
  if (path === ":memory:") return migrateAndSeed(db, after);
  const lock = new SqliteDatabase(`${path}.startup-lock`);
  try {
    lock.pragma(`busy_timeout = ${SQLITE_LOCK_WAIT_MS}`);
    lock.exec("begin exclusive");
    try {
      return await migrateAndSeed(db, after);
    } finally {
      lock.exec("commit");
    }
  } finally {
    lock.close();
  }
}
