import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { setFlavourArchived } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { staff } from "~/modules/admin/catalog/testing/catalog-fixture";
import { searchCatalog } from "./catalog.service.server";
import { suggestCatalog } from "./suggest.service.server";

// A search's pages remembered per catalogue version (docs/decisions/060, search-pages.server.ts).

describeEachDatabase(
  "search pages remembered per catalogue version",
  (testDb) => {
    it("gives the same pages as a search ranked every time, asked once or again, pages past the end too", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      for (const query of ["hayati mini", "berry", "blue razz ice", "zzzz nothing"]) {
        for (const [rawPage, perPage] of [
          ["1", 24],
          ["2", 17],
          ["999", 5],
          ["x", 6],
        ] as const) {
          const ranked = await searchCatalog(db, query, rawPage, perPage);
          for (const time of ["first", "again"])
            expect(await searchCatalog(db, query, rawPage, perPage, version), `${query} ${rawPage} ${time}`).toEqual(
              ranked,
            );
        }
      }
      expect(await suggestCatalog(db, "hayati", version)).toEqual(await suggestCatalog(db, "hayati"));
      expect(await suggestCatalog(db, "hayati", version)).toEqual(await suggestCatalog(db, "hayati"));
    });

    it("reads the cards again each time (stock moves without a new version) but not which items match", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const first = await searchCatalog(db, "berry", null, 6, version);
      const card = first.cards[0]!;
      const stock = await db
        .selectFrom("variants")
        .select(["id", "stock_quantity"])
        .where("item_id", "=", card.id)
        .execute();
      expect(card.stock.quantity).toBeGreaterThan(0);
      const renamed = first.cards[5]!;
      await db.updateTable("variants").set({ stock_quantity: 0 }).where("item_id", "=", card.id).execute();
      // A better match in the same version (no staff change moved it): the remembered page does not rank it in.
      await db.updateTable("flavours").set({ name: "Berry Berry First" }).where("id", "=", renamed.id).execute();
      try {
        const again = await searchCatalog(db, "berry", null, 6, version);
        expect(again.cards.map((c) => c.id)).toEqual(first.cards.map((c) => c.id));
        expect(again.totalItems).toBe(first.totalItems);
        expect(again.cards[0]!.stock.quantity).toBe(0);
        expect(again.cards[5]!.name).toBe("Berry Berry First");
        // Ranked again (as the next version will be), it moves up.
        expect((await searchCatalog(db, "berry", null, 6)).cards[0]!.id).toBe(renamed.id);
      } finally {
        for (const { id, stock_quantity } of stock)
          await db.updateTable("variants").set({ stock_quantity }).where("id", "=", id).execute();
        await db.updateTable("flavours").set({ name: renamed.name }).where("id", "=", renamed.id).execute();
      }
    });

    it("leaves out an item taken off sale in the same version; the next version ranks without it", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const before = await searchCatalog(db, "blue razz", null, 8, version);
      const [gone, next] = before.cards;
      await setFlavourArchived(db, staff, gone!.id, true);
      try {
        const same = await searchCatalog(db, "blue razz", null, 8, version);
        expect(same.cards.map((c) => c.id)).not.toContain(gone!.id);
        expect(same.cards[0]!.id).toBe(next!.id);
        const moved = await readStorefrontVersion(db);
        expect(moved).not.toBe(version);
        const ranked = await searchCatalog(db, "blue razz", null, 8);
        expect(await searchCatalog(db, "blue razz", null, 8, moved)).toEqual(ranked);
        expect(ranked.cards).toHaveLength(8);
        expect(ranked.totalItems).toBe(before.totalItems - 1);
      } finally {
        await setFlavourArchived(db, staff, gone!.id, false);
      }
    });
  },
  { seed: true },
);
