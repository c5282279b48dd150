import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { failFields } from "~/lib/result";
import { listItemVariants } from "~/modules/catalog/variants.service.server";
import { optionsLabel, type Variant } from "~/modules/catalog/variants";
import { liquidMessages } from "~/modules/compliance/vaping-duty";
import { publishMessages } from "./catalog-admin-publish";
import { getFlavourEditor, saveItem } from "./catalog-admin.service.server";
import { publishItems, restoreItem } from "./catalog-publish.service.server";
import { staff, useCatalogFixture } from "./testing/catalog-fixture";
import { gridValuesOf, type VariantGridValues } from "./variant-grid";
import { saveVariantGrid } from "./variant-grid.service.server";

// The liquid in one unit of each variant (issue 62, Vaping Products Duty): typed on the variant grid, and needed on
// each variant a flavour sells before it is shown in the shop (the form, Restore and 'Publish selected' alike).
describeEachDatabase(
  "liquid per variant and publishing a flavour",
  (testDb) => {
    const { deviceValues, flavourValues, saved } = useCatalogFixture(testDb);
    let n = 0;

    const variantsOf = (db: Db, kind: "device" | "flavour", id: string) => listItemVariants(db, kind, id, 0);
    const grid = (variants: Variant[], changes: Record<string, Partial<VariantGridValues>> = {}) =>
      variants.map((v) => ({ ...gridValuesOf(v), ...changes[v.id] }));
    const liquids = async (db: Db, kind: "device" | "flavour", id: string) =>
      (await variantsOf(db, kind, id)).map((v) => [optionsLabel(v), v.liquidTenths]);
    const newFlavour = async (db: Db, changes: Parameters<typeof flavourValues>[0] = {}, draft = false) =>
      saved(
        await saveItem(db, staff, "flavour", null, flavourValues({ name: `Liquid ${++n}`, ...changes }), { draft }),
      );

    it("starts a new flavour's variants at its pod or bottle size, and saves each variant's own from the grid", async () => {
      const { db } = testDb();
      const pods = await newFlavour(db);
      expect(await liquids(db, "flavour", pods)).toEqual([
        ["0 mg", 20],
        ["10 mg", 20],
        ["20 mg", 20],
      ]);
      const bottle = await newFlavour(db, { podMl: "", bottleMl: "10" });
      expect((await variantsOf(db, "flavour", bottle)).map((v) => v.liquidTenths)).toEqual([100, 100, 100]);

      // A multipack of three pods: 6 ml, typed as staff write it; another variant at 1.5 ml.
      const [a, b] = await variantsOf(db, "flavour", pods);
      const rows = grid(await variantsOf(db, "flavour", pods), {
        [a!.id]: { liquid: "6 ml" },
        [b!.id]: { liquid: "1.5" },
      });
      expect(await saveVariantGrid(db, staff, "flavour", pods, rows)).toEqual({ ok: true });
      expect((await variantsOf(db, "flavour", pods)).map((v) => v.liquidTenths)).toEqual([60, 15, 20]);
      expect(gridValuesOf((await variantsOf(db, "flavour", pods))[1]!).liquid).toBe("1.5");
    });

    it("refuses a volume that is not one unit's under its field, saving nothing", async () => {
      const { db } = testDb();
      const id = await newFlavour(db);
      const variants = await variantsOf(db, "flavour", id);
      const [a, b, c] = variants;
      const rows = grid(variants, {
        [a!.id]: { liquid: "1.25" },
        [b!.id]: { liquid: "0" },
        [c!.id]: { liquid: "250", sku: "LIQUID-NEW-SKU" },
      });
      expect(await saveVariantGrid(db, staff, "flavour", id, rows)).toEqual(
        failFields({
          [`${a!.id}.liquid`]: liquidMessages.decimals,
          [`${b!.id}.liquid`]: liquidMessages.zero,
          [`${c!.id}.liquid`]: liquidMessages.tooMuch,
        }),
      );
      expect(await variantsOf(db, "flavour", id)).toEqual(variants);
    });

    it("keeps the liquid of each variant a shown flavour sells; a draft, a variant not sold or a device may lack it", async () => {
      const { db } = testDb();
      const id = await newFlavour(db);
      const variants = await variantsOf(db, "flavour", id);
      const [a] = variants;
      expect(await saveVariantGrid(db, staff, "flavour", id, grid(variants, { [a!.id]: { liquid: "" } }))).toEqual(
        failFields({ [`${a!.id}.liquid`]: liquidMessages.required }),
      );
      // Not sold any more: it may lack it.
      expect(
        await saveVariantGrid(db, staff, "flavour", id, grid(variants, { [a!.id]: { liquid: "", sold: "" } })),
      ).toEqual({ ok: true });
      expect((await variantsOf(db, "flavour", id))[0]).toMatchObject({ archived: true, liquidTenths: null });

      const draft = await newFlavour(db, {}, true);
      const drafts = await variantsOf(db, "flavour", draft);
      expect(
        await saveVariantGrid(db, staff, "flavour", draft, grid(drafts, { [drafts[0]!.id]: { liquid: "" } })),
      ).toEqual({ ok: true });

      // A device without liquid keeps none; a pre-filled one may carry it.
      const device = saved(await saveItem(db, staff, "device", null, deviceValues({ name: `Liquid Kit ${++n}` })));
      const kit = await variantsOf(db, "device", device);
      expect(kit.every((v) => v.liquidTenths === null)).toBe(true);
      expect(await saveVariantGrid(db, staff, "device", device, grid(kit, { [kit[0]!.id]: { liquid: "2" } }))).toEqual({
        ok: true,
      });
      expect((await variantsOf(db, "device", device)).map((v) => v.liquidTenths)).toEqual([20, null, null, null]);
    });

    it("publishes a flavour only with each sold variant's liquid: the form, Restore and 'Publish selected' refuse alike", async () => {
      const { db } = testDb();
      // A new flavour without a pod or bottle size has nothing to start its variants' liquid from.
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ name: "No Size", podMl: "" }))).toEqual(
        failFields({ podMl: publishMessages.liquidOfNewVariants }),
      );
      // A draft may: its variants start without.
      const id = await newFlavour(db, { podMl: "" }, true);
      expect((await variantsOf(db, "flavour", id)).map((v) => v.liquidTenths)).toEqual([null, null, null]);
      const required = `${liquidMessages.required} (0 mg; 10 mg; 20 mg).`;
      expect(await restoreItem(db, staff, "flavour", id)).toMatchObject({
        ok: false,
        message: publishMessages.cannotPublish.flavour,
        fieldErrors: { variants: required },
      });
      const name = (await getFlavourEditor(db, id))!.name;
      expect(await publishItems(db, staff, "flavour", [id])).toEqual({
        published: [],
        refused: [{ id, name, reasons: [`Variants: ${required}`] }],
      });

      // With two of the three typed, the third is named; with all three, it is published.
      const variants = await variantsOf(db, "flavour", id);
      const [a, b, c] = variants;
      await saveVariantGrid(
        db,
        staff,
        "flavour",
        id,
        grid(variants, { [a!.id]: { liquid: "2" }, [b!.id]: { liquid: "2" } }),
      );
      expect(await restoreItem(db, staff, "flavour", id)).toMatchObject({
        fieldErrors: { variants: `${liquidMessages.required} (20 mg).` },
      });
      // A variant no longer sold need not have it.
      await saveVariantGrid(
        db,
        staff,
        "flavour",
        id,
        grid(await variantsOf(db, "flavour", id), { [c!.id]: { sold: "" } }),
      );
      expect(await restoreItem(db, staff, "flavour", id)).toEqual({ ok: true });

      // The form of a shown flavour whose saved variants lack it is refused too, the variants named.
      const shown = await newFlavour(db);
      await db.updateTable("variants").set({ liquid_tenths: null }).where("item_id", "=", shown).execute();
      const editor = await getFlavourEditor(db, shown);
      expect(await saveItem(db, staff, "flavour", shown, editor!.values)).toEqual(
        failFields({ variants: `${liquidMessages.required} (0 mg; 10 mg; 20 mg).` }),
      );
    });
  },
  { seed: true },
);
