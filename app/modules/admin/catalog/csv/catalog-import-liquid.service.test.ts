import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { parseCatalogCsv } from "./catalog-csv.server";
import { exportCatalogue } from "./catalog-export.service.server";
import { importCatalogue } from "./catalog-import.service.server";
import { file, flavour, type Cells } from "./testing/catalog-csv-fixture";
import { staff, useCatalogFixture } from "../testing/catalog-fixture";

// The liquid in one unit by catalogue file (issue 62): the export writes each variant's, an import sets it (a row
// that leaves it empty keeps the variant's own), and the dry run says what changes.

const run = (db: Db, text: string, dryRun = false) =>
  importCatalogue(db, staff, text, { dryRun, appUrl: "https://shop.test" });
const liquidOf = async (db: Db, sku: string) => {
  const row = await db.selectFrom("variants").select("liquid_tenths").where("sku", "=", sku).executeTakeFirstOrThrow();
  return row.liquid_tenths === null ? null : Number(row.liquid_tenths);
};

describeEachDatabase(
  "liquid per variant by catalogue file",
  (testDb) => {
    useCatalogFixture(testDb);
    const pods = (cells: Cells): Cells => ({
      ...flavour,
      Handle: "liquid-pods",
      Name: "Liquid Pods",
      Device: "hayati-pro-max-6000",
      Images: "/images/pods.webp",
      "MHRA number": "12345-22-67890",
      Status: "draft",
      ...cells,
    });

    it("sets a variant's liquid from the file, keeps it where the row leaves it empty, and exports it", async () => {
      const { db } = testDb();
      const first = file(
        pods({ SKU: "LIQ-10", "Nicotine strength (mg)": "10", "Liquid (ml)": "2" }),
        pods({ SKU: "LIQ-20", "Nicotine strength (mg)": "20", "Liquid (ml)": "" }),
      );
      expect(await run(db, first)).toMatchObject({ ok: true, counts: { newVariants: 2 } });
      expect([await liquidOf(db, "LIQ-10"), await liquidOf(db, "LIQ-20")]).toEqual([20, null]);

      const second = file(
        pods({ SKU: "LIQ-10", "Nicotine strength (mg)": "10", "Liquid (ml)": "" }),
        pods({ SKU: "LIQ-20", "Nicotine strength (mg)": "20", "Liquid (ml)": "6" }),
      );
      const dry = await run(db, second, true);
      expect(dry.ok && dry.changes.find((c) => c.sku === "LIQ-20")?.changes).toEqual(["liquid not known → 6 ml"]);
      expect(dry.ok && dry.changes.map((c) => c.sku)).toEqual(["LIQ-20"]); // LIQ-10 unchanged
      expect(await run(db, second)).toMatchObject({ ok: true, counts: { updated: 1 } });
      expect([await liquidOf(db, "LIQ-10"), await liquidOf(db, "LIQ-20")]).toEqual([20, 60]);

      // The shop's export writes each variant's liquid (the demo's pods 2 ml each), which reads back the same.
      const exported = await parseCatalogCsv(await exportCatalogue(db, staff));
      const bySku = new Map(exported.rows.map((r) => [r.sku, r.liquidTenths]));
      expect([bySku.get("LIQ-10"), bySku.get("LIQ-20")]).toEqual([20, 60]);
      const demoPods = exported.rows.filter((r) => r.kind === "flavour" && r.handle !== "liquid-pods");
      expect(demoPods.length).toBeGreaterThan(0);
      expect(demoPods.every((r) => r.liquidTenths !== null && r.liquidTenths >= 20)).toBe(true);
      expect(exported.rows.filter((r) => r.kind === "device").every((r) => r.liquidTenths === null)).toBe(true);
    });
  },
  { seed: true },
);
