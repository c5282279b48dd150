import { existsSync, rmSync } from "node:fs";
import { sql } from "kysely";
import { createDatabase, databaseKind, sqlitePath } from "./database.server";
import { prepareDatabase, type Seed } from "./prepare.server";

/** What `resetDatabase` did: what it dropped, the migrations it ran and what `seed` loaded. */
export type ResetOutcome = { dropped: string; migrations: string[]; loaded: string[] };

/**
 * `npm run db:reset` (docs/decisions/026): drops everything in the database `databaseUrl` names, migrates it from the
 * start and runs `seed` when given. SQLite: the file and its journal files are deleted. PostgreSQL: the public schema
 * is dropped with everything in it (tables, triggers, functions, the pg_trgm extension) and made again. Every server
 * using the database must be stopped first; uploaded image files are left where they are.
 */
export async function resetDatabase(databaseUrl: string, seed?: Seed): Promise<ResetOutcome> {
  const dropped = await dropEverything(databaseUrl);
  const db = createDatabase(databaseUrl, { poolSize: 1 });
  try {
    const { migrations, loaded } = await prepareDatabase(db, databaseUrl, { seed });
    return { dropped, migrations, loaded };
  } finally {
    await db.destroy();
  }
}

/** Drops every table (PostgreSQL: the public schema's contents) or deletes the SQLite file and its journals. */
export async function dropEverything(databaseUrl: string): Promise<string> {
  if (databaseKind(databaseUrl) === "postgres") {
    const db = createDatabase(databaseUrl, { poolSize: 1 });
    try {
      await db.transaction().execute(async (trx) => {
        await sql`drop schema if exists public cascade`.execute(trx);
        await sql`create schema public`.execute(trx);
        // As a new database has it: everyone may use the schema (only its owner makes tables in it).
        await sql`grant usage on schema public to public`.execute(trx);
      });
    } finally {
      await db.destroy();
    }
    return "everything in the PostgreSQL database (its public schema)";
  }
  const path = sqlitePath(databaseUrl);
  if (path === ":memory:") return "nothing (the database is in memory)";
  const files = [path, `${path}-wal`, `${path}-shm`, `${path}-journal`].filter((file) => existsSync(file));
  for (const file of files) rmSync(file, { force: true });
  return files.includes(path) ? `the SQLite file ${path}` : `nothing: there was no SQLite file at ${path}`;
}
