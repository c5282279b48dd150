import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { fail, failFields } from "~/lib/result";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { getDevice } from "~/modules/catalog/catalog.service.server";
import { optionsLabel, variantMessages, type Variant } from "~/modules/catalog/variants";
import { listItemVariants } from "~/modules/catalog/variants.service.server";
import { requestBackInStock } from "~/modules/stock/back-in-stock.service.server";
import { stockHistory } from "~/modules/stock/stock.service.server";
import { saveItem } from "./catalog-admin.service.server";
import { getDeviceEditor } from "./catalog-admin.service.server";
import { customer, staff, useCatalogFixture } from "./testing/catalog-fixture";
import { gridValuesOf, type VariantGridValues } from "./variant-grid";
import { saveVariantGrid } from "./variant-grid.service.server";

// The variant grid on a device's or flavour's page (issue 30): SKU, barcode, price, stock, track stock and sold,
// saved all or nothing, every refusal under its field.
describeEachDatabase(
  "back-office variant grid",
  (testDb) => {
    const { deviceValues, saved } = useCatalogFixture(testDb);
    let devices = 0;

    /** A new device (Mango and Mint × 10 and 20 mg × 600 puffs: four variants) and its variants. */
    async function newDevice(db: Db) {
      const id = saved(await saveItem(db, staff, "device", null, deviceValues({ name: `Grid Device ${++devices}` })));
      return { id, variants: await variantsOf(db, id) };
    }
    const variantsOf = (db: Db, id: string) => listItemVariants(db, "device", id, 1999);
    /** The grid as the page posts it, with some rows changed. */
    const grid = (variants: Variant[], changes: Record<string, Partial<VariantGridValues>> = {}) =>
      variants.map((v) => ({ ...gridValuesOf(v), ...changes[v.id] }));
    const save = (db: Db, id: string, rows: VariantGridValues[]) => saveVariantGrid(db, staff, "device", id, rows);
    /** Everything a refused save must leave alone. */
    const snapshot = async (db: Db, id: string) => ({
      variants: await db.selectFrom("variants").selectAll().where("item_id", "=", id).orderBy("id").execute(),
      history: await stockHistory(db, staff, { kind: "device", itemId: id }),
      version: await readStorefrontVersion(db),
    });

    it("refuses customers and signed-out visitors, changing nothing", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const before = await snapshot(db, id);
      const rows = grid(variants, { [variants[0]!.id]: { stock: "9" } });
      for (const actor of [customer, null])
        await expect(saveVariantGrid(db, actor, "device", id, rows)).rejects.toBeInstanceOf(StaffOnlyError);
      expect(await snapshot(db, id)).toEqual(before);
    });

    it("saves a variant's SKU, barcode, price, stock and tracking; the stock change is in that variant's history", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const [first, second] = variants;
      const version = await readStorefrontVersion(db);
      expect(
        await save(
          db,
          id,
          grid(variants, {
            [first!.id]: { sku: "GRID-MANGO-10", barcode: "5012345678900", price: "17.50", stock: "12" },
            [second!.id]: { trackStock: "" },
          }),
        ),
      ).toEqual({ ok: true });
      expect(await readStorefrontVersion(db)).toBe(version + 1);
      const after = await variantsOf(db, id);
      expect(after[0]).toMatchObject({
        sku: "GRID-MANGO-10",
        barcode: "5012345678900",
        ownPriceCents: 1750,
        priceCents: 1750,
        stock: { tracked: true, quantity: 12 },
      });
      expect(after[1]).toMatchObject({ ownPriceCents: null, priceCents: 1999, stock: { tracked: false, quantity: 0 } });
      expect(after.slice(2)).toEqual(variants.slice(2));
      // The shop sells the variant at its own price.
      expect((await getDevice(db, id))?.variants[0]).toMatchObject({ sku: "GRID-MANGO-10", priceCents: 1750 });
      const history = await stockHistory(db, staff, { kind: "device", itemId: id });
      expect(history.map((m) => [m.sku, m.variant, m.change, m.quantityAfter, m.reason, m.byName])).toEqual([
        ["GRID-MANGO-10", optionsLabel(first!), 12, 12, "Set on the item's page", staff.name],
      ]);
      expect(await stockHistory(db, staff, { kind: "device", itemId: id, variantId: second!.id })).toEqual([]);
      // Saving the same grid again changes nothing and records nothing.
      expect(await save(db, id, grid(after))).toEqual({ ok: true });
      expect(await stockHistory(db, staff, { kind: "device", itemId: id })).toHaveLength(1);
      // An emptied price sells at the item's again.
      expect(await save(db, id, grid(after, { [first!.id]: { price: " " } }))).toEqual({ ok: true });
      expect((await variantsOf(db, id))[0]).toMatchObject({ ownPriceCents: null, priceCents: 1999 });
    });

    it("refuses each bad entry with its message under its field, saving nothing of the grid", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const other = await newDevice(db);
      await save(db, other.id, grid(other.variants, { [other.variants[0]!.id]: { barcode: "96385074" } }));
      const [a, b] = variants;
      const before = await snapshot(db, id);
      const cases: Array<[Record<string, Partial<VariantGridValues>>, Record<string, string>]> = [
        [
          { [a!.id]: { sku: other.variants[0]!.sku } },
          { [`${a!.id}.sku`]: variantMessages.skuTaken(other.variants[0]!.sku) },
        ],
        [
          { [a!.id]: { sku: "SAME-1" }, [b!.id]: { sku: "SAME-1" } },
          {
            [`${a!.id}.sku`]: variantMessages.skuTaken("SAME-1"),
            [`${b!.id}.sku`]: variantMessages.skuTaken("SAME-1"),
          },
        ],
        [{ [a!.id]: { sku: "" } }, { [`${a!.id}.sku`]: variantMessages.skuRequired }],
        [{ [a!.id]: { sku: "has space" } }, { [`${a!.id}.sku`]: variantMessages.skuShape }],
        [
          { [a!.id]: { barcode: "5012345678901" } },
          { [`${a!.id}.barcode`]: "The barcode 5012345678901 has a wrong check digit." },
        ],
        [
          { [a!.id]: { barcode: "12345" } },
          { [`${a!.id}.barcode`]: "A barcode has 8, 12, 13 or 14 digits; this one has 5." },
        ],
        [{ [a!.id]: { barcode: "96385074" } }, { [`${a!.id}.barcode`]: variantMessages.barcodeTaken("96385074") }],
        [{ [a!.id]: { price: "-1.00" } }, { [`${a!.id}.price`]: "Price cannot be negative" }],
        [{ [a!.id]: { price: "1.234" } }, { [`${a!.id}.price`]: "Price can have at most 2 decimal places" }],
        [{ [a!.id]: { stock: "-3" } }, { [`${a!.id}.stock`]: "Stock cannot be negative" }],
        [{ [a!.id]: { stock: "2.5" } }, { [`${a!.id}.stock`]: "Stock must be a whole number of units" }],
        [{ [a!.id]: { stock: "" } }, { [`${a!.id}.stock`]: "Stock is required" }],
      ];
      for (const [changes, errors] of cases) {
        // One bad field among good changes: the good ones are not saved either.
        const rows = grid(variants, { [b!.id]: { stock: "40", barcode: "4006381333931" }, ...changes });
        expect(await save(db, id, rows)).toEqual(failFields(errors));
      }
      expect(await snapshot(db, id)).toEqual(before);
      // A variant of another item, or none at all: as if the page did not exist.
      expect(await save(db, id, grid([a!, other.variants[1]!]))).toEqual(
        fail("not-found", "There is no such variant."),
      );
      expect(await save(db, "no-such-item", grid(variants))).toEqual(fail("not-found", "There is no such item."));
      expect(await snapshot(db, id)).toEqual(before);
    });

    it("refuses the whole save when an order took stock while the page was open, saying what it is now", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const [a, b] = variants;
      await save(db, id, grid(variants, { [a!.id]: { stock: "8" } }));
      const shown = await variantsOf(db, id);
      await db.updateTable("variants").set({ stock_quantity: 7 }).where("id", "=", a!.id).execute(); // an order
      const before = await snapshot(db, id);
      const rows = grid(shown, { [a!.id]: { stock: "20" }, [b!.id]: { stock: "5", sku: "GRID-STALE-B" } });
      expect(await save(db, id, rows)).toEqual(
        failFields(
          { [`${a!.id}.stock`]: "The stock changed while you were editing (it is now 7). Check it and save again." },
          "changed",
        ),
      );
      expect(await snapshot(db, id)).toEqual(before);
      // A grid that left that stock alone saves: the order's units are not overwritten.
      expect(await save(db, id, grid(shown, { [b!.id]: { sku: "GRID-STALE-B" } }))).toEqual({ ok: true });
      expect((await variantsOf(db, id)).map((v) => [v.sku, v.stock.quantity]).slice(0, 2)).toEqual([
        [a!.sku, 7],
        ["GRID-STALE-B", 0],
      ]);
    });

    it("stops and starts selling a variant; one no longer listed on the item cannot be sold again", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const [a] = variants;
      expect(await save(db, id, grid(variants, { [a!.id]: { sold: "" } }))).toEqual({ ok: true });
      expect((await variantsOf(db, id))[0]).toMatchObject({ id: a!.id, archived: true });
      expect((await getDevice(db, id))?.variants.map((v) => v.id)).not.toContain(a!.id);
      // Saving the item's form keeps it archived, although its choices are still listed.
      const editor = await getDeviceEditor(db, id);
      saved(await saveItem(db, staff, "device", id, editor!.values));
      expect((await variantsOf(db, id))[0]).toMatchObject({ archived: true });
      expect(await save(db, id, grid(await variantsOf(db, id), { [a!.id]: { sold: "on" } }))).toEqual({ ok: true });
      expect((await getDevice(db, id))?.variants.map((v) => v.id)).toContain(a!.id);

      // The item stops listing Mint: its variants are archived, and the grid cannot sell them again.
      saved(await saveItem(db, staff, "device", id, { ...editor!.values, flavours: "Mango" }));
      const now = await variantsOf(db, id);
      const mint = now.find((v) => v.flavour === "Mint" && v.archived)!;
      const before = await snapshot(db, id);
      expect(await save(db, id, grid(now, { [mint.id]: { sold: "on" } }))).toEqual(
        failFields({ [`${mint.id}.sold`]: variantMessages.notListed(optionsLabel(mint)) }),
      );
      // Nor may every variant stop selling: the item is archived for that.
      const allOff = Object.fromEntries(now.map((v) => [v.id, { sold: "" }]));
      expect(await save(db, id, grid(now, allOff))).toMatchObject({
        ok: false,
        fieldErrors: { [`${now[0]!.id}.sold`]: variantMessages.lastOnSale },
      });
      expect(await snapshot(db, id)).toEqual(before);
    });

    it("lets two variants swap SKUs and barcodes in one save", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const [a, b] = variants;
      await save(db, id, grid(variants, { [a!.id]: { barcode: "76543210" }, [b!.id]: { barcode: "12345670" } }));
      const rows = grid(await variantsOf(db, id), {
        [a!.id]: { sku: b!.sku, barcode: "12345670" },
        [b!.id]: { sku: a!.sku, barcode: "76543210" },
      });
      expect(await save(db, id, rows)).toEqual({ ok: true });
      expect((await variantsOf(db, id)).slice(0, 2).map((v) => [v.id, v.sku, v.barcode])).toEqual([
        [a!.id, b!.sku, "12345670"],
        [b!.id, a!.sku, "76543210"],
      ]);
    });

    it("ends 'stock to check' when staff count a variant, and e-mails those waiting when it comes back", async () => {
      const { db } = testDb();
      const { id, variants } = await newDevice(db);
      const [a, b] = variants;
      await db.updateTable("variants").set({ stock_to_check: 1 }).where("item_id", "=", id).execute();
      expect(
        await requestBackInStock(
          db,
          { kind: "device", itemId: id, variantId: b!.id, email: "waiting@example.com" },
          { userId: null, clientIp: "203.0.113.9" },
        ),
      ).toEqual({ ok: true });
      const shown = await variantsOf(db, id);
      expect(shown.every((v) => v.stockToCheck)).toBe(true);
      // Saving other fields leaves the count to do; 'Counted' (same number) or a new number ends it.
      expect(await save(db, id, grid(shown, { [a!.id]: { sku: "GRID-COUNT-A" } }))).toEqual({ ok: true });
      expect((await variantsOf(db, id)).filter((v) => v.stockToCheck)).toHaveLength(4);
      expect(
        await save(db, id, grid(await variantsOf(db, id), { [a!.id]: { counted: "on" }, [b!.id]: { stock: "6" } })),
      ).toEqual({ ok: true });
      const after = await variantsOf(db, id);
      expect(after.map((v) => v.stockToCheck)).toEqual([false, false, true, true]);
      expect(
        (await stockHistory(db, staff, { kind: "device", itemId: id })).map((m) => [m.variantId, m.change]),
      ).toEqual([[b!.id, 6]]);
      const queued = await db.selectFrom("jobs").select("recipient").where("kind", "=", "back-in-stock").execute();
      expect(queued).toContainEqual({ recipient: "waiting@example.com" });
    });
  },
  { seed: true },
);
