import { expect, it } from "vitest";
import { migrateTo, migrateToLatest } from "~/db/migrate.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { aboutPage } from "./about.service.server";

// Migration 2026_11_29_0501 (issue 65): a demo shop started before it shows the specification's invented figures
// ('400+', '600%', '200+'); after it, the figures counted from the shop. A page staff saved is left as they wrote it.

const BEFORE = "2026_11_26_1330_device_flavours_order";
const invented = JSON.stringify([
  { source: "written", value: "400+", label: "Devices and accessories" },
  { source: "written", value: "600%", label: "Return on investment" },
  { source: "written", value: "50+", label: "Flavours" },
  { source: "written", value: "200+", label: "Five-star reviews" },
]);
const written = JSON.stringify([{ source: "written", value: "2019", label: "Trading since" }]);

describeEachDatabase(
  "the demo About page's counted figures migration",
  (testDb) => {
    it("replaces the demo page's invented figures with the shop's counts, and keeps a page staff saved", async () => {
      const { db } = testDb();
      await migrateTo(db, BEFORE);
      // What the demo loader (and migration 0120) wrote before.
      await db.updateTable("about_page").set({ figures: invented, demo: 1 }).where("id", "=", "about").execute();
      expect((await aboutPage(db)).figures.map((f) => f.value)).toEqual(["400+", "600%", "50+", "200+"]);
      await migrateToLatest(db);
      expect(await aboutPage(db)).toMatchObject({
        figures: [
          { value: "5", label: "Devices" },
          { value: "80", label: "Flavours" },
          { value: "6", label: "Customer reviews" },
        ],
      });

      await migrateTo(db, BEFORE);
      await db.updateTable("about_page").set({ figures: written, demo: 0 }).where("id", "=", "about").execute();
      await migrateToLatest(db);
      expect((await aboutPage(db)).figures).toEqual([{ value: "2019", label: "Trading since" }]);
    });
  },
  { seed: true },
);
