import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { wishlistCards } from "~/modules/cart/wishlist.service.server";
import { DEVICE_FLAVOUR_LIMIT } from "./catalog";
import * as catalog from "./catalog.service.server";
import { setItemStock } from "~/db/testing/variant-stock";

// 'Flavours for this device' on a device's page, and the stock every card in a list carries.
describeEachDatabase(
  "device flavours and card stock",
  (testDb) => {
    const deviceNamed = async (name: string) =>
      (await catalog.listDeviceCards(testDb().db)).find((d) => d.name === name)!;

    it("lists at most eight of the device's own flavours, in /flavours order, and counts them all", async () => {
      const rubik = await deviceNamed("Hayati Rubik 7000");
      const { flavours, total } = await catalog.listDeviceFlavours(testDb().db, rubik.id);
      expect(DEVICE_FLAVOUR_LIMIT).toBe(8);
      expect(flavours).toHaveLength(8);
      expect(total).toBe(16);
      expect(new Set(flavours.map((f) => f.deviceName))).toEqual(new Set(["Hayati Rubik 7000"]));
      const listed = await catalog.listFlavourCards(testDb().db, { deviceSlug: "hayati-rubik-7000", limit: 8 });
      expect(flavours.map((f) => f.id)).toEqual(listed.map((f) => f.id));
    });

    it("leaves out archived flavours, and gives none for a device whose flavours are all archived", async () => {
      const { db } = testDb();
      const mini = await deviceNamed("Hayati Mini 1500");
      const before = await catalog.listDeviceFlavours(db, mini.id);
      const hidden = before.flavours[0]!;
      await db.updateTable("flavours").set({ archived: 1 }).where("id", "=", hidden.id).execute();
      try {
        const after = await catalog.listDeviceFlavours(db, mini.id);
        expect(after.total).toBe(15);
        expect(after.flavours).toHaveLength(8);
        expect(after.flavours.map((f) => f.id)).not.toContain(hidden.id);
        await db.updateTable("flavours").set({ archived: 1 }).where("device_id", "=", mini.id).execute();
        expect(await catalog.listDeviceFlavours(db, mini.id)).toEqual({ flavours: [], total: 0 });
      } finally {
        await db.updateTable("flavours").set({ archived: 0 }).where("device_id", "=", mini.id).execute();
      }
      expect((await catalog.listDeviceFlavours(db, mini.id)).total).toBe(16);
    });

    it("gives none for an unknown device", async () => {
      expect(await catalog.listDeviceFlavours(testDb().db, "no-such-device")).toEqual({ flavours: [], total: 0 });
    });

    it("gives every card its variants' stock together: 'Out of stock' only when every variant is", async () => {
      const { db } = testDb();
      const cp = await deviceNamed("Crystal Pro CP 10K");
      const [flavour, other] = (await catalog.listDeviceFlavours(db, cp.id)).flavours;
      const saved = await db
        .selectFrom("variants")
        .select(["id", "stock_quantity", "track_stock"])
        .where("item_id", "in", [flavour!.id, other!.id, cp.id])
        .execute();
      await setItemStock(db, "flavour", flavour!.id, 0);
      await setItemStock(db, "device", cp.id, 7, false);
      // The other flavour: its first size sold out, its others still selling.
      await setItemStock(db, "flavour", other!.id, 4);
      await db
        .updateTable("variants")
        .set({ stock_quantity: 0 })
        .where("item_id", "=", other!.id)
        .where("position", "=", 0)
        .execute();
      const otherVariants = (await catalog.getFlavour(db, other!.id))!.variants.length;
      try {
        const out = { tracked: true, quantity: 0 };
        const untracked = { tracked: false, quantity: 0 };
        const partly = { tracked: true, quantity: 4 * (otherVariants - 1) };
        expect(otherVariants).toBeGreaterThan(1);
        const find = <T extends { id: string }>(cards: readonly T[], id: string) => cards.find((c) => c.id === id);
        expect(find((await catalog.listDeviceFlavours(db, cp.id)).flavours, flavour!.id)?.stock).toEqual(out);
        const page = await catalog.listFlavourPage(db, { deviceSlug: "crystal-pro-cp-10k" });
        expect(find(page.flavours, flavour!.id)?.stock).toEqual(out);
        expect(find(page.flavours, other!.id)?.stock).toEqual(partly);
        const devices = await catalog.listCatalogPage(db, "devices", "1");
        expect(find(devices.cards, cp.id)?.stock).toEqual(untracked);
        expect(find(await catalog.listDeviceCards(db), cp.id)?.stock).toEqual(untracked);
        const search = await catalog.searchCatalog(db, flavour!.name, "1");
        expect(find(search.cards, flavour!.id)?.stock).toEqual(out);
        const wished = await wishlistCards(db, [
          { kind: "flavour", itemId: flavour!.id },
          { kind: "device", itemId: cp.id },
          { kind: "flavour", itemId: other!.id },
        ]);
        expect(wished.map((c) => c.stock)).toEqual([out, untracked, partly]);
        // The detail pages read the same: the item's stock is its variants'.
        expect((await catalog.getFlavour(db, other!.id))!.stock).toEqual(partly);
        expect((await catalog.getDevice(db, cp.id))!.stock).toEqual(untracked);
      } finally {
        for (const v of saved)
          await db
            .updateTable("variants")
            .set({ stock_quantity: v.stock_quantity, track_stock: v.track_stock })
            .where("id", "=", v.id)
            .execute();
      }
    });
  },
  { seed: true },
);
