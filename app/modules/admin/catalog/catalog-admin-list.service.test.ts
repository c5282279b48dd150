import { expect, it } from "vitest";
import { fail, failFields } from "~/lib/result";
import { readStorefrontVersion } from "~/db/content-version.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { getDevice, getFlavour } from "~/modules/catalog/catalog.service.server";
import { catalogMessages } from "./catalog-admin";
import { saveItem } from "./catalog-admin.service.server";
import { getFlavourEditor } from "./catalog-admin.service.server";
import { staff, useCatalogFixture } from "./testing/catalog-fixture";
import { listCatalogItems, setDeviceArchived, setFlavourArchived } from "./catalog-admin-list.service.server";

// Archiving and restoring catalogue items, and the back office's lists of them.
describeEachDatabase(
  "back-office catalogue: archiving and the lists",
  (testDb) => {
    const { flavourValues, deviceValues, saved } = useCatalogFixture(testDb);
    const params = {
      q: "",
      sort: "name" as const,
      dir: "asc" as const,
      rawPage: null,
      show: "all" as const,
      stock: "all" as const,
    };

    it("archives and restores: hidden from the shop at once, a device's flavours with it", async () => {
      const { db } = testDb();
      const flavourId = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Archive Me" })));
      const ownDevice = saved(await saveItem(db, staff, "device", null, deviceValues({ name: "Archive Device" })));
      const onIt = saved(
        await saveItem(db, staff, "flavour", null, flavourValues({ name: "On Archived Device", deviceId: ownDevice })),
      );
      let version = await readStorefrontVersion(db);

      expect(await setFlavourArchived(db, staff, flavourId, true)).toBe(true);
      expect(await readStorefrontVersion(db)).toBe(++version);
      expect(await getFlavour(db, flavourId)).toBeNull();
      expect((await getFlavourEditor(db, flavourId))?.archived).toBe(true);
      expect(await setFlavourArchived(db, staff, flavourId, false)).toBe(true);
      expect(await getFlavour(db, flavourId)).not.toBeNull();

      expect(await setDeviceArchived(db, staff, ownDevice, true)).toBe(true);
      expect(await getDevice(db, ownDevice)).toBeNull();
      expect(await getFlavour(db, onIt)).toBeNull();
      // A new flavour cannot go on an archived device; one already on it may be saved as it is.
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ deviceId: ownDevice }))).toEqual(
        failFields({ deviceId: catalogMessages.deviceUnknown }),
      );
      expect(await saveItem(db, staff, "flavour", null, flavourValues({ deviceId: "no-such-device" }))).toEqual(
        failFields({ deviceId: catalogMessages.deviceUnknown }),
      );
      expect(
        await saveItem(db, staff, "flavour", onIt, flavourValues({ name: "On Archived Device", deviceId: ownDevice })),
      ).toEqual({ ok: true, id: onIt });
      expect(await setDeviceArchived(db, staff, ownDevice, false)).toBe(true);
      expect(await getFlavour(db, onIt)).toMatchObject({ deviceId: ownDevice });

      expect(await setFlavourArchived(db, staff, "no-such-flavour", true)).toBe(false);
      expect(await saveItem(db, staff, "device", "no-such-device", deviceValues())).toEqual(
        fail("not-found", "There is no such item."),
      );
    });

    it("lists devices and flavours: search by name or slug, All / Active / Archived, stock by variant, sorting and pages", async () => {
      const { db } = testDb();
      const all = await listCatalogItems(db, "flavour", params, 5);
      expect(all.items).toHaveLength(20);
      expect(all.totalPages).toBe(Math.ceil(all.total / 20));
      const last = await listCatalogItems(db, "flavour", { ...params, rawPage: "999" }, 5);
      expect(last.page).toBe(all.totalPages);

      const hidden = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Zz Hidden 100%_match" })));
      await setFlavourArchived(db, staff, hidden, true);
      const search = await listCatalogItems(db, "flavour", { ...params, q: "100%_" }, 5);
      expect(search.items.map((i) => [i.id, i.archived, i.device?.name])).toEqual([
        [hidden, true, "Hayati Pro Max 6000"],
      ]);
      expect(
        (await listCatalogItems(db, "flavour", { ...params, q: "zz-hidden", show: "archived" }, 5)).items.map(
          (i) => i.id,
        ),
      ).toEqual([hidden]);
      expect((await listCatalogItems(db, "flavour", { ...params, q: "zz hidden", show: "active" }, 5)).total).toBe(0);
      expect(
        (await listCatalogItems(db, "flavour", { ...params, show: "archived" }, 5)).items.every((i) => i.archived),
      ).toBe(true);

      const byPrice = await listCatalogItems(db, "device", { ...params, sort: "price", dir: "desc" }, 5);
      const prices = byPrice.items.map((i) => i.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      const byUpdated = await listCatalogItems(db, "device", { ...params, sort: "updated", dir: "desc" }, 5);
      expect(byUpdated.items[0]!.updatedAt >= byUpdated.items[byUpdated.items.length - 1]!.updatedAt).toBe(true);
      const byStock = await listCatalogItems(db, "device", { ...params, sort: "stock", dir: "asc" }, 5);
      const quantities = byStock.items.map((i) => i.stock.quantity);
      expect(quantities).toEqual([...quantities].sort((a, b) => a - b));
      // The stock filters are by variant: an item is listed when one of its variants on sale is low, out, or to check.
      const low = await listCatalogItems(db, "flavour", { ...params, stock: "low" }, 5);
      expect(low.total).toBeGreaterThan(0);
      expect(low.items.every((i) => i.variantStock.low > 0)).toBe(true);
      const out = await listCatalogItems(db, "flavour", { ...params, stock: "out" }, 5);
      expect(out.total).toBeGreaterThan(0);
      expect(out.items.every((i) => i.variantStock.out > 0)).toBe(true);
      expect(out.items.some((i) => i.stock.quantity > 0)).toBe(true); // one size out while another sells
      const counted = await listCatalogItems(db, "flavour", { ...params, stock: "check" }, 5);
      await db.updateTable("variants").set({ stock_to_check: 1 }).where("item_id", "=", hidden).execute();
      const toCheck = await listCatalogItems(db, "flavour", { ...params, stock: "check" }, 5);
      expect(toCheck.total).toBe(counted.total + 1);
      expect(toCheck.items.find((i) => i.id === hidden)?.variantStock).toEqual({ low: 3, out: 3, toCheck: 3 });
    });

    it("finds an item by a variant's SKU or barcode", async () => {
      const { db } = testDb();
      const id = saved(await saveItem(db, staff, "flavour", null, flavourValues({ name: "Sku Search Lime" })));
      const [variant] = (await getFlavour(db, id))!.variants;
      await db
        .updateTable("variants")
        .set({ sku: "SUPPLIER-LIME/10", barcode: "00123457" })
        .where("id", "=", variant!.id)
        .execute();
      const search = async (q: string) =>
        (await listCatalogItems(db, "flavour", { ...params, q }, 5)).items.map((i) => i.id);
      expect(await search("supplier-lime/10")).toEqual([id]);
      expect(await search("00123457")).toEqual([id]);
      expect(await search("0012345")).toEqual([id]);
      expect(await search("SUPPLIER-LIME/11")).toEqual([]);
    });
  },
  { seed: true },
);
