import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDatabase, type Db } from "./database.server";
import { isDatabaseUnavailable } from "./database-errors.server";
import { ImmediateSqliteDialect, isBusy } from "./sqlite-dialect.server";

/** Another process's connection to the same file, holding the write lock for `ms`. */
function holdWriteLock(path: string, ms: number) {
  const other = new SqliteDatabase(path);
  other.exec("begin immediate");
  other.prepare("insert into t (v) values ('other')").run();
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      other.exec("commit");
      other.close();
      resolve();
    }, ms),
  );
}

describe("SQLite writes from several connections (docs/decisions/031)", () => {
  let dir = "";
  let db: Db | null = null;
  const open = async () => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-dialect-"));
    const path = join(dir, "shop.db");
    db = createDatabase(`file:${path}`);
    await sql`create table t (v text)`.execute(db);
    return { db, path };
  };
  afterEach(async () => {
    await db?.destroy();
    db = null;
    rmSync(dir, { recursive: true, force: true });
  });

  it("a transaction takes the write lock at its start: it never fails on upgrading a stale read", async () => {
    const { db, path } = await open();
    const other = new SqliteDatabase(path, { timeout: 0 });
    // A deferred transaction that read before another connection wrote could not write afterwards (SQLITE_BUSY at
    // once, whatever the busy timeout); begin immediate makes the other connection wait instead.
    await db.transaction().execute(async (trx) => {
      await sql`select count(*) from t`.execute(trx);
      expect(() => other.prepare("insert into t (v) values ('other')").run()).toThrow(/locked|busy/i);
      await sql`insert into t (v) values ('mine')`.execute(trx);
    });
    other.prepare("insert into t (v) values ('other')").run();
    other.close();
    const rows = await sql<{ v: string }>`select v from t order by rowid`.execute(db);
    expect(rows.rows.map((r) => r.v)).toEqual(["mine", "other"]);
  });

  it("runs this process's transactions one after the other on its single connection", async () => {
    // Kysely 0.29 moved that turn-taking out of SqliteDriver into its own core, for dialects with one connection.
    const { db } = await open();
    const steps: string[] = [];
    const write = (name: string) =>
      db.transaction().execute(async (trx) => {
        steps.push(`${name} begins`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await sql`insert into t (v) values (${name})`.execute(trx);
        steps.push(`${name} ends`);
      });
    await Promise.all([write("a"), write("b")]);
    expect(steps).toEqual(["a begins", "a ends", "b begins", "b ends"]);
  });

  it("waits for a lock held longer than SQLite's own busy wait, for transactions and single writes alike", async () => {
    const { db, path } = await open();
    const released = holdWriteLock(path, 400);
    const started = Date.now();
    await Promise.all([
      db.transaction().execute((trx) => sql`insert into t (v) values ('in a transaction')`.execute(trx)),
      sql`insert into t (v) values ('alone')`.execute(db),
    ]);
    await released;
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    const rows = await sql<{ n: number }>`select count(*) as n from t`.execute(db);
    expect(Number(rows.rows[0]!.n)).toBe(3);
  });

  it("keeps this process's event loop free while it waits", async () => {
    const { db, path } = await open();
    const released = holdWriteLock(path, 500);
    // A timer due long before the lock is released fires before the write is done: nothing blocked the loop for long.
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push("timer")), 100));
    await sql`insert into t (v) values ('later')`.execute(db);
    order.push("write");
    await Promise.all([timer, released]);
    expect(order).toEqual(["timer", "write"]);
  });

  it("gives up when the budget runs out: the error is the database being unavailable (a 503), nothing written", async () => {
    dir = mkdtempSync(join(tmpdir(), "sqlite-dialect-"));
    const path = join(dir, "shop.db");
    const handle = new SqliteDatabase(path);
    handle.pragma("journal_mode = WAL");
    handle.pragma("busy_timeout = 10");
    handle.exec("create table t (v text)");
    const short = new Kysely<{ t: { v: string } }>({ dialect: new ImmediateSqliteDialect(handle, 200) });
    const released = holdWriteLock(path, 1000);
    const error = await short
      .transaction()
      .execute((trx) => trx.insertInto("t").values({ v: "too late" }).execute())
      .catch((e: unknown) => e);
    expect(isBusy(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(true);
    await released;
    expect((await short.selectFrom("t").select("v").execute()).map((r) => r.v)).toEqual(["other"]);
    await short.destroy();
  });
});
