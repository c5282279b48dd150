import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.server";
import { prepareDatabase } from "./prepare.server";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("prepareDatabase on PostgreSQL", () => {
  it("three copies preparing one fresh database at once: each finishes, migrations and demo data run once", async () => {
    const name = `shop_prepare_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    // A pool of one each: the lock's connection must also do the work.
    const copies = [0, 1, 2].map(() => createDatabase(url.toString(), { poolSize: 1 }));
    try {
      const results = await Promise.all(copies.map((db) => prepareDatabase(db, url.toString())));
      expect(results.filter((r) => r.migrations.length > 0)).toHaveLength(1);
      expect(results.filter((r) => r.loaded.length > 0).map((r) => r.loaded)).toEqual([["catalogue", "blog"]]);
      const row = await copies[0]!.selectFrom("products").select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(5);
    } finally {
      await Promise.all(copies.map((db) => db.destroy()));
      await admin.query(`drop database if exists "${name}"`);
      await admin.end();
    }
  });
});
