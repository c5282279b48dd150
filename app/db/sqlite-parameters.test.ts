// Parameters written as `+?` on SQLite (docs/decisions/062): the shop's Kysely sends them so, and `+?` answers every
// kind of query exactly as `?` does, with the same indexes.
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteTestDatabase } from "./testing/test-database";

describe("SQLite parameters written as +? (docs/decisions/062)", () => {
  let raw: SqliteDatabase.Database;
  beforeEach(() => {
    raw = new SqliteDatabase(":memory:");
    raw.exec(`
      create table item (id text primary key, n integer not null, price real, note text, data blob);
      create index item_n on item (n);
      create table line (id integer primary key, item_id text not null references item (id), qty integer);
      create index line_item on line (item_id);
      create virtual table words using fts5 (body);
      insert into item values ('a', 0, 1.5, 'Mango ice', x'01'), ('b', 1, 2.0, '50%_off', x'02'), ('c', 2, null, null, null);
      insert into line (item_id, qty) values ('a', 1), ('a', 2), ('b', 3);
      insert into words (body) values ('mango ice'), ('blue razz'), ('mango peach');
    `);
  });
  afterEach(() => raw.close());

  it("is how the shop's Kysely writes every parameter", async () => {
    const test = await createSqliteTestDatabase();
    const query = test.db
      .selectFrom("flavours")
      .select("id")
      .where("slug", "=", "mango")
      .where("archived", "=", 0)
      .limit(3)
      .compile();
    await test.drop();
    expect(query.sql).toBe('select "id" from "flavours" where "slug" = +? and "archived" = +? limit +?');
    expect(query.parameters).toEqual(["mango", 0, 3]);
  });

  it("answers as a bare parameter does, whatever the value and the comparison", () => {
    const both = (text: string, ...values: unknown[]) => {
      const bare = raw.prepare(text.replaceAll("+?", "?")).all(...values);
      const plus = raw.prepare(text).all(...values);
      expect(plus).toEqual(bare);
      return plus;
    };
    // A number against an integer column and a text column, a string against a number, a BigInt, null, a blob.
    expect(both("select id from item where n = +?", 1)).toEqual([{ id: "b" }]);
    expect(both("select id from item where n = +?", "1")).toEqual([{ id: "b" }]);
    expect(both("select id from item where n = +?", 2n)).toEqual([{ id: "c" }]);
    expect(both("select id from item where price = +?", 2)).toEqual([{ id: "b" }]);
    expect(both("select id from item where note is +?", null)).toEqual([{ id: "c" }]);
    expect(both("select id from item where data = +?", Buffer.from([2]))).toEqual([{ id: "b" }]);
    expect(both("select id from item where id in (+?, +?) order by id", "c", "a")).toEqual([{ id: "a" }, { id: "c" }]);
    expect(both("select id from item where note like +? escape '\\'", "50\\%\\_%")).toEqual([{ id: "b" }]);
    expect(both("select id from item order by id limit +? offset +?", 1, 1)).toEqual([{ id: "b" }]);
    expect(both("select rowid from words where words match +? order by rowid", "mango")).toEqual([
      { rowid: 1 },
      { rowid: 3 },
    ]);
    expect(both("select json_extract(+?, +?) as v", '{"a":{"b":7}}', "$.a.b")).toEqual([{ v: 7 }]);
    expect(both("select typeof(+?) as t, +? || +? as joined", 5, "a", "b")).toEqual([{ t: "real", joined: "ab" }]);
  });

  it("stores values with the column's affinity, as a bare parameter does", () => {
    raw.prepare("insert into item (id, n, price, note) values (+?, +?, +?, +?)").run("d", "4", 3, 12);
    expect(
      raw.prepare("select typeof(n) n, typeof(price) price, typeof(note) note from item where id = 'd'").get(),
    ).toEqual({ n: "integer", price: "real", note: "text" });
  });

  it("still lets an index serve the comparison, in a join too", () => {
    const plan = (text: string, ...values: unknown[]) => {
      const steps = (t: string) =>
        raw
          .prepare(`explain query plan ${t}`)
          .all(...values)
          .map((row) => (row as { detail: string }).detail);
      expect(steps(text)).toEqual(steps(text.replaceAll("+?", "?")));
      return steps(text);
    };
    expect(plan("select id from item where n = +?", 1)).toEqual(["SEARCH item USING INDEX item_n (n=?)"]);
    expect(plan("select l.qty from item i join line l on l.item_id = i.id where i.id = +?", "a")).toEqual([
      "SEARCH i USING COVERING INDEX sqlite_autoindex_item_1 (id=?)",
      "SEARCH l USING INDEX line_item (item_id=?)",
    ]);
  });
});
