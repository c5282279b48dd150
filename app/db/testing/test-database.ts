import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, vi } from "vitest";
import { createDatabase, type Db } from "../database.server";
import { migrateToLatest } from "../migrate.server";
import { demoSeed } from "./demo-seed";

export type TestDatabase = { db: Db; kind: "sqlite" | "postgres"; url: string; drop: () => Promise<void> };

/** A fresh, migrated SQLite file in a temporary folder. */
export async function createSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), "shop-test-"));
  const url = `file:${join(dir, "test.db")}`;
  const db = createDatabase(url);
  await migrateToLatest(db);
  return {
    db,
    kind: "sqlite",
    url,
    drop: async () => {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated PostgreSQL database made on the server of TEST_DATABASE_URL, dropped afterwards. */
export async function createPostgresTestDatabase(adminUrl: string, migrate = true): Promise<TestDatabase> {
  const name = `shop_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = createDatabase(url.toString(), { poolSize: 5 });
  if (migrate) await migrateToLatest(db);
  return {
    db,
    kind: "postgres",
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      // Without FORCE, and again until our own closing connections are gone: killing them would surface as an
      // error on a connection nobody listens to any more.
      await vi.waitFor(() => cleanup.query(`drop database if exists "${name}"`), { timeout: 5_000, interval: 100 });
      await cleanup.end();
    },
  };
}

/** The databases every service suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): Array<{ kind: "sqlite" | "postgres"; create: () => Promise<TestDatabase> }> {
  const kinds: Array<{ kind: "sqlite" | "postgres"; create: () => Promise<TestDatabase> }> = [
    { kind: "sqlite", create: createSqliteTestDatabase },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) kinds.push({ kind: "postgres", create: () => createPostgresTestDatabase(pgUrl) });
  return kinds;
}

type SuiteOptions = { seed?: boolean };

/**
 * Declares the suite once per database. `testDb()` returns the suite's database inside tests.
 * With `seed`, the demo catalogue and blog are loaded first (app/demo, handed in by the Vitest setup: ./demo-seed.ts).
 */
export function describeEachDatabase(
  name: string,
  body: (testDb: () => TestDatabase) => void,
  options: SuiteOptions = {},
) {
  for (const { kind, create } of testDatabaseKinds()) {
    describe(`${name} [${kind}]`, () => {
      let current: TestDatabase | undefined;
      beforeAll(async () => {
        current = await create();
        if (options.seed) await demoSeed()(current.db);
      });
      afterAll(async () => {
        await current?.drop();
      });
      body(() => {
        if (!current) throw new Error("test database not ready");
        return current;
      });
    });
  }
}

/** Where a restore or a copy may write: a database with nothing in it (SQLite: a file not made yet). */
export type EmptyDatabase = { kind: "sqlite" | "postgres"; url: string; drop: () => Promise<void> };

export async function createEmptyDatabase(kind: "sqlite" | "postgres"): Promise<EmptyDatabase> {
  if (kind === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "shop-empty-"));
    return {
      kind,
      url: `file:${join(dir, "shop.db")}`,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("an empty PostgreSQL database needs TEST_DATABASE_URL");
  const made = await createPostgresTestDatabase(adminUrl, false);
  return { kind, url: made.url, drop: made.drop };
}
