// PostgreSQL's statements prepared once per connection by name (docs/decisions/059): which texts are named, that a
// connection really keeps them, and that a statement the schema outgrew is prepared again rather than refused forever.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { statementNamer } from "./named-statements.server";
import { createPostgresTestDatabase, type TestDatabase } from "./testing/test-database";

describe("statementNamer", () => {
  it("names a read or a write once, and the same text keeps its name", () => {
    const namer = statementNamer(10);
    const read = namer.nameOf('select "name" from "devices" where "id" = $1');
    expect(read).toMatch(/^shop_\d+$/);
    expect(namer.nameOf('select "name" from "devices" where "id" = $1')).toBe(read);
    const writes = [
      'insert into "carts" ("id") values ($1)',
      'update "carts" set "updated_at" = $1',
      'delete from "carts" where "id" = $1',
      "with ranked as (select 1) select * from ranked",
    ].map((text) => namer.nameOf(text));
    expect(new Set([read, ...writes]).size).toBe(5);
  });

  it.each([
    ["transaction control", "begin"],
    ["a commit", "commit"],
    ["a schema change", "alter table devices add column x integer"],
    ["a setting", "set local statement_timeout = 100"],
    ["a full-text search", "select seq from catalog_items c where c.search @@ to_tsquery('simple', $1)"],
  ])("leaves %s unnamed", (_what, text) => {
    expect(statementNamer(10).nameOf(text)).toBeUndefined();
  });

  it("names no new text past its limit, and keeps the names it gave", () => {
    const namer = statementNamer(2);
    const first = namer.nameOf("select 1");
    const second = namer.nameOf("select 2");
    expect(namer.nameOf("select 3")).toBeUndefined();
    expect([namer.nameOf("select 1"), namer.nameOf("select 2")]).toEqual([first, second]);
  });

  it("gives a renamed text a name no other text had", () => {
    const namer = statementNamer(10);
    const names = [namer.nameOf("select 1"), namer.nameOf("select 2")];
    const renamed = namer.rename("select 1");
    expect(names).not.toContain(renamed);
    expect(namer.nameOf("select 1")).toBe(renamed);
  });
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)("named statements on PostgreSQL", () => {
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createPostgresTestDatabase(pgUrl!);
  });
  afterAll(() => testDb?.drop());

  const prepared = (conn: TestDatabase["db"]) =>
    sql<{ name: string; statement: string }>`select name, statement from pg_prepared_statements`
      .execute(conn)
      .then((result) => result.rows);

  it("prepares a query once on its connection and runs it by name after", async () => {
    await testDb.db.connection().execute(async (conn) => {
      for (const slug of ["a", "b"]) {
        await conn.selectFrom("devices").select("name").where("slug", "=", slug).execute();
      }
      await sql`select count(*) from catalog_items c where c.search @@ to_tsquery('simple', ${"mango"})`.execute(conn);
      const rows = await prepared(conn);
      const statements = rows.map((row) => row.statement);
      expect(statements).toContain('select "name" from "devices" where "slug" = $1');
      expect(statements.filter((text) => text.includes("to_tsquery"))).toEqual([]);
      for (const row of rows) expect(row.name).toMatch(/^shop_\d+$/);
    });
  });

  it("asks again a statement whose columns changed since it was prepared; inside a transaction, that one fails", async () => {
    await sql`create table named_probe (a integer)`.execute(testDb.db);
    await sql`insert into named_probe values (1)`.execute(testDb.db);
    await testDb.db.connection().execute(async (conn) => {
      const all = (on = conn) => sql<Record<string, number>>`select * from named_probe`.execute(on).then((r) => r.rows);
      expect(await all()).toEqual([{ a: 1 }]);
      // Another server copy's migration, on another connection.
      await sql`alter table named_probe add column b integer default 2`.execute(testDb.db);
      expect(await all()).toEqual([{ a: 1, b: 2 }]);
      expect(await all()).toEqual([{ a: 1, b: 2 }]);

      // Inside a transaction PostgreSQL has failed the transaction: that one fails, with PostgreSQL's own error,
      // and the next asks under a new name.
      await sql`alter table named_probe add column c integer default 3`.execute(testDb.db);
      await expect(conn.transaction().execute((trx) => all(trx))).rejects.toThrow(
        "cached plan must not change result type",
      );
      expect(await all()).toEqual([{ a: 1, b: 2, c: 3 }]);
    });
  });
});
