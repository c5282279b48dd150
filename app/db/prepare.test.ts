import pg from "pg";
import { describe, expect, it } from "vitest";
import { createDatabase } from "./database.server";
import { prepareDatabase } from "./prepare.server";
import { demoSeed } from "./testing/demo-seed";

const adminUrl = process.env.TEST_DATABASE_URL;

/** A new, empty PostgreSQL database on the test server, and how to drop it. */
async function freshDatabase() {
  const name = `shop_prepare_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  const drop = async () => {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  };
  return { url, drop };
}

describe.skipIf(!adminUrl)("prepareDatabase on PostgreSQL", () => {
  it("three copies preparing one fresh database at once: each finishes, migrations and demo data run once", async () => {
    const { url, drop } = await freshDatabase();
    // A pool of one each: the lock's connection must also do the work.
    const copies = [0, 1, 2].map(() => createDatabase(url.toString(), { poolSize: 1 }));
    try {
      const results = await Promise.all(copies.map((db) => prepareDatabase(db, url.toString(), { seed: demoSeed() })));
      expect(results.filter((r) => r.migrations.length > 0)).toHaveLength(1);
      expect(results.filter((r) => r.loaded.length > 0).map((r) => r.loaded)).toEqual([["catalogue", "blog"]]);
      const row = await copies[0]!
        .selectFrom("devices")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(5);
    } finally {
      await Promise.all(copies.map((db) => db.destroy()));
      await drop();
    }
  });

  it("runs the step after the migrations under the same lock: one copy at a time, before either starts serving", async () => {
    const { url, drop } = await freshDatabase();
    const copies = [0, 1].map(() => createDatabase(url.toString(), { poolSize: 1 }));
    const events: string[] = [];
    const step = (copy: number) => async () => {
      events.push(`${copy} starts`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push(`${copy} ends`);
    };
    try {
      await Promise.all(
        copies.map((db, i) =>
          prepareDatabase(db, url.toString(), { after: step(i) }).then(() => events.push(`${i} prepared`)),
        ),
      );
      expect(events).toHaveLength(6);
      // Whichever copy took the lock first finished its step before the other began its own, and each copy's
      // preparation ends after its step.
      const first = events[0]![0]!;
      const second = first === "0" ? "1" : "0";
      expect(events.filter((e) => !e.endsWith("prepared"))).toEqual([
        `${first} starts`,
        `${first} ends`,
        `${second} starts`,
        `${second} ends`,
      ]);
      for (const copy of [first, second])
        expect(events.indexOf(`${copy} prepared`)).toBeGreaterThan(events.indexOf(`${copy} ends`));
    } finally {
      await Promise.all(copies.map((db) => db.destroy()));
      await drop();
    }
  });
});
