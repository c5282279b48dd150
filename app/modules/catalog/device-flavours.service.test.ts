import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { wishlistCards } from "~/modules/cart/wishlist.service.server";
import { DEVICE_FLAVOUR_LIMIT } from "./catalog";
import * as catalog from "./catalog.service.server";

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

    it("gives every card in a list its item's stock, so lists can say 'Out of stock'", async () => {
      const { db } = testDb();
      const cp = await deviceNamed("Crystal Pro CP 10K");
      const [flavour] = (await catalog.listDeviceFlavours(db, cp.id)).flavours;
      const saved = await db
        .selectFrom("flavours")
        .select(["stock_quantity", "track_stock"])
        .where("id", "=", flavour!.id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("flavours")
        .set({ stock_quantity: 0, track_stock: 1 })
        .where("id", "=", flavour!.id)
        .execute();
      await db.updateTable("devices").set({ stock_quantity: 7, track_stock: 0 }).where("id", "=", cp.id).execute();
      try {
        const out = { tracked: true, quantity: 0 };
        const untracked = { tracked: false, quantity: 7 };
        const find = <T extends { id: string }>(cards: T[], id: string) => cards.find((c) => c.id === id);
        expect(find((await catalog.listDeviceFlavours(db, cp.id)).flavours, flavour!.id)?.stock).toEqual(out);
        const page = await catalog.listFlavourPage(db, { deviceSlug: "crystal-pro-cp-10k" });
        expect(find(page.flavours, flavour!.id)?.stock).toEqual(out);
        const devices = await catalog.listCatalogPage(db, "devices", "1");
        expect(find(devices.cards, cp.id)?.stock).toEqual(untracked);
        expect(find(await catalog.listDeviceCards(db), cp.id)?.stock).toEqual(untracked);
        const search = await catalog.searchCatalog(db, flavour!.name, "1");
        expect(find(search.cards, flavour!.id)?.stock).toEqual(out);
        const wished = await wishlistCards(db, [
          { kind: "flavour", itemId: flavour!.id },
          { kind: "device", itemId: cp.id },
        ]);
        expect(wished.map((c) => c.stock)).toEqual([untracked, out]);
        // Every other card keeps its own stock: a tracked, positive quantity in the demo.
        const others = page.flavours.filter((f) => f.id !== flavour!.id);
        expect(others.every((f) => f.stock.tracked && f.stock.quantity >= 0)).toBe(true);
        expect(others.some((f) => f.stock.quantity > 0)).toBe(true);
      } finally {
        await db.updateTable("flavours").set(saved).where("id", "=", flavour!.id).execute();
        await db.updateTable("devices").set({ track_stock: 1 }).where("id", "=", cp.id).execute();
      }
    });
  },
  { seed: true },
);
