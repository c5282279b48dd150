import { sql } from "kysely";
import { expect, it } from "vitest";
import { searchCatalog } from "~/modules/catalog/catalog.service.server";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";

// Migration 2026_11_25_0010 renames `products` to `devices` and the `flavor(s)` columns to `flavour(s)` on a shop that
// has data: the triggers that keep the catalogue's read model and its full-text search (docs/decisions/019) must work
// after it, on both databases, and its way back must work too.

const BEFORE = "2026_11_24_0050_trust";

describeEachDatabase(
  "the devices and flavour words migration",
  (testDb) => {
    it("goes back to products/flavors and forward again with the catalogue, its search and its triggers intact", async () => {
      const { db } = testDb();
      const found = async (query: string) => (await searchCatalog(db, query, null, 50)).cards.map((c) => c.name);
      const device = await db.selectFrom("devices").select(["id", "name"]).orderBy("slug").executeTakeFirstOrThrow();
      const items = await db
        .selectFrom("catalog_items")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();

      await migrateTo(db, BEFORE);
      // Back: the old names hold the same rows, and the old triggers keep the read model.
      const old = await sql<{ n: number }>`select count(*) as n from products`.execute(db);
      expect(Number(old.rows[0]!.n)).toBeGreaterThan(0);
      await sql`update products set flavors = ${'["Quincefire Ice"]'} where id = ${device.id}`.execute(db);
      const back = await sql<{
        flavors: string;
      }>`select flavors from catalog_items where item_id = ${device.id}`.execute(db);
      expect(back.rows[0]!.flavors).toBe('["Quincefire Ice"]');

      await migrateToLatest(db);
      // Forward again: every row kept, the search index rebuilt from it, the triggers on the new names.
      const after = await db
        .selectFrom("catalog_items")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(items.n));
      expect(await found("quincefire")).toContain(device.name);
      await db.updateTable("devices").set({ flavours: '["Gooseberry Frost"]' }).where("id", "=", device.id).execute();
      expect(await found("gooseberry")).toContain(device.name);
      expect(await found("quincefire")).not.toContain(device.name);
      await db.updateTable("devices").set({ name: "Renamed Stick" }).where("id", "=", device.id).execute();
      expect(await found("renamed stick")).toContain("Renamed Stick");
      // The lines' columns answer to the new word (an old name would be an error here).
      await expect(db.selectFrom("order_lines").select("flavour").execute()).resolves.toEqual([]);
      await expect(db.selectFrom("cart_lines").select("flavour").execute()).resolves.toEqual([]);
    });
  },
  { seed: true },
);
