// The move between databases (issue 37, docs/decisions/048), on SQLite and PostgreSQL: db:copy keeps every table's
// rows, and an unreachable target is named in one line.
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { createDatabase, type Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { copiedTables, rowCounts } from "~/db/transfer.server";
import { copyDatabase } from "./restore.service.server";
import { kinds, useBackupsFixture } from "./testing/backups-fixture";

describeEachDatabase(
  "copying the shop between databases",
  (testDb) => {
    const { emptyTarget, order } = useBackupsFixture(testDb);

    // Orders and their lines to copy (the backup tests place theirs while a backup runs).
    beforeAll(async () => {
      for (let n = 0; n < 5; n++) await order(testDb().db, n);
    });

    it("copies the whole shop into an empty database of the other kind: every table's rows, row for row", async () => {
      const { db, url, kind } = testDb();
      const target = await emptyTarget(kinds(kind).at(-1)!);
      const copied = await copyDatabase(url, target.url);
      const tables = await copiedTables(db);
      expect(copied.tables).toEqual(await rowCounts(db, tables));
      const copy = createDatabase(target.url);
      try {
        expect(await rowCounts(copy, tables)).toEqual(copied.tables);
        // Sample rows read the same (booleans and times as each database keeps them).
        const sample = async (d: Db) => ({
          user: await d
            .selectFrom("user")
            .select(["id", "email", "emailVerified", "createdAt"])
            .orderBy("id")
            .execute()
            .then((rows) =>
              rows.map((r) => ({
                ...r,
                emailVerified: Boolean(r.emailVerified),
                createdAt: new Date(r.createdAt as unknown as string).toISOString(),
              })),
            ),
          orders: await d.selectFrom("orders").selectAll().orderBy("id").limit(5).execute(),
          lines: await d
            .selectFrom("order_lines")
            .selectAll()
            .orderBy("order_id")
            .orderBy("position")
            .limit(9)
            .execute(),
          variants: await d.selectFrom("variants").selectAll().orderBy("id").limit(20).execute(),
        });
        expect(await sample(copy)).toEqual(await sample(db));
        // The catalogue's search index is rebuilt by the target's own triggers.
        const searchable = await sql<{ n: number }>`select count(*) as n from catalog_items`.execute(copy);
        expect(Number(searchable.rows[0]!.n)).toBeGreaterThan(0);
        // Not again into a database that now has rows.
        await expect(copyDatabase(url, target.url)).rejects.toThrow(/is not empty|already exists/);
      } finally {
        await copy.destroy();
      }
    });

    it("says in one line when the target database cannot be reached", async () => {
      await expect(copyDatabase(testDb().url, "postgres://postgres@127.0.0.1:1/nowhere")).rejects.toThrow(
        /^Cannot use the database postgres:\/\/postgres@127\.0\.0\.1:1\/nowhere: .*ECONNREFUSED.*Nothing was changed\.$/,
      );
    });
  },
  { seed: true },
);
