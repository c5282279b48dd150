import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { bumpStorefrontVersion, readStorefrontVersion } from "~/db/content-version.server";
import { seedDemoCatalogueIfEmpty } from "~/demo/seed.server";
import { setDeviceArchived, setFlavourArchived } from "~/modules/admin/catalog/catalog-admin-list.service.server";
import { staff } from "~/modules/admin/catalog/testing/catalog-fixture";
import * as catalog from "./catalog.service.server";

const DEVICE_NAMES = [
  "Crystal Pro Switch 30K",
  "Hayati Pro Max 6000",
  "Hayati Rubik 7000",
  "Hayati Mini 1500",
  "Crystal Pro CP 10K",
];

describeEachDatabase(
  "catalogue service",
  (testDb) => {
    it("lists the five devices in the spec's order", async () => {
      const cards = await catalog.listDeviceCards(testDb().db);
      expect(cards.map((c) => c.name)).toEqual(DEVICE_NAMES);
      expect(cards[0]!.image).toMatch(/^\/images\/catalog\/.+\.svg$/);
      const filters = await catalog.listDeviceFilters(testDb().db);
      expect(filters.map((f) => f.name)).toEqual(DEVICE_NAMES);
    });

    it("reads one device with its lists, details and compliance facts", async () => {
      const [first] = await catalog.listDeviceCards(testDb().db);
      const device = await catalog.getDevice(testDb().db, first!.id);
      expect(device).not.toBeNull();
      expect(device!.name).toBe("Crystal Pro Switch 30K");
      expect(device!.flavours.length).toBeGreaterThan(0);
      expect(device!.nicotineStrengths).toContain(10);
      expect(device!.details.specifications.length).toBeGreaterThanOrEqual(5);
      expect(device!.details.specifications[0]).toEqual({ name: expect.any(String), value: expect.any(String) });
      expect(device!.nicotineMgMl).toBeLessThanOrEqual(20);
      expect(typeof device!.rechargeable).toBe("boolean");
    });

    it("reads list columns holding bad JSON as empty lists, keeping the items of the right type", async () => {
      const { db } = testDb();
      const [first] = await catalog.listDeviceCards(db);
      const saved = await db
        .selectFrom("devices")
        .select(["features", "nicotine_strengths", "specifications"])
        .where("id", "=", first!.id)
        .executeTakeFirstOrThrow();
      await db
        .updateTable("devices")
        .set({
          features: "not json",
          nicotine_strengths: '[10, "20", null, 20]',
          specifications: '{"name": "Battery"}',
        })
        .where("id", "=", first!.id)
        .execute();
      try {
        const device = await catalog.getDevice(db, first!.id);
        expect(device!.features).toEqual([]);
        expect(device!.nicotineStrengths).toEqual([10, 20]);
        expect(device!.details.specifications).toEqual([]);
        expect(device!.flavours.length).toBeGreaterThan(0);
      } finally {
        await db.updateTable("devices").set(saved).where("id", "=", first!.id).execute();
      }
    });

    it("returns null for unknown and malformed ids instead of throwing", async () => {
      for (const id of ["nope", "x".repeat(65), "1' or '1'='1", "../etc", "ÄÖ", ""]) {
        expect(await catalog.getDevice(testDb().db, id)).toBeNull();
        expect(await catalog.getFlavour(testDb().db, id)).toBeNull();
      }
    });

    it("filters flavours by device slug; an unknown device gives none", async () => {
      const all = await catalog.listFlavourPage(testDb().db);
      expect(all).toMatchObject({ totalItems: 80, totalPages: 4, page: 1 });
      expect(all.flavours).toHaveLength(24);
      const hayati = await catalog.listFlavourCards(testDb().db, { deviceSlug: "hayati-pro-max-6000" });
      expect(hayati).toHaveLength(16);
      expect(new Set(hayati.map((f) => f.deviceName))).toEqual(new Set(["Hayati Pro Max 6000"]));
      expect(await catalog.listFlavourCards(testDb().db, { deviceSlug: "no-such-device" })).toEqual([]);
      expect(await catalog.listFlavourCards(testDb().db, { limit: 8 })).toHaveLength(8);
    });

    it("reads a flavour with the name of its device", async () => {
      const [card] = await catalog.listFlavourCards(testDb().db, { deviceSlug: "hayati-mini-1500", limit: 1 });
      const flavour = await catalog.getFlavour(testDb().db, card!.id);
      expect(flavour).toMatchObject({
        id: card!.id,
        name: card!.name,
        deviceName: "Hayati Mini 1500",
        deviceSlug: "hayati-mini-1500",
      });
      expect(flavour!.sizes.length).toBeGreaterThan(0);
    });

    it("pages 85 devices and flavours eight at a time over 11 pages, each once", async () => {
      const first = await catalog.listCatalogPage(testDb().db, "featured", null);
      expect(first).toMatchObject({ page: 1, totalPages: 11, totalItems: 85 });
      expect(first.cards).toHaveLength(8);
      expect(first.cards.slice(0, 5).map((c) => c.kind)).toEqual(Array(5).fill("device"));
      const seen = new Set<string>();
      for (let page = 1; page <= 11; page++) {
        const result = await catalog.listCatalogPage(testDb().db, "featured", String(page));
        result.cards.forEach((c) => seen.add(`${c.kind}:${c.id}`));
      }
      expect(seen.size).toBe(85);
    });

    it("brings bad page numbers back into range", async () => {
      expect((await catalog.listCatalogPage(testDb().db, "featured", "abc")).page).toBe(1);
      expect((await catalog.listCatalogPage(testDb().db, "featured", "-3")).page).toBe(1);
      const last = await catalog.listCatalogPage(testDb().db, "featured", "999");
      expect(last.page).toBe(11);
      expect(last.cards).toHaveLength(5);
    });

    it("sorts by price and name and filters to devices or flavours", async () => {
      const asc = await catalog.listCatalogPage(testDb().db, "price-asc", "1");
      const prices = asc.cards.map((c) => c.priceCents);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      const desc = await catalog.listCatalogPage(testDb().db, "price-desc", "1");
      expect(desc.cards[0]!.priceCents).toBeGreaterThanOrEqual(asc.cards.at(-1)!.priceCents);
      const byName = await catalog.listCatalogPage(testDb().db, "name", "1");
      const names = byName.cards.map((c) => c.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      const devices = await catalog.listCatalogPage(testDb().db, "devices", "1");
      expect(devices).toMatchObject({ totalItems: 5, totalPages: 1 });
      expect(devices.cards.every((c) => c.kind === "device" && c.tag === "Device")).toBe(true);
      const flavours = await catalog.listCatalogPage(testDb().db, "flavours", "2");
      expect(flavours).toMatchObject({ totalItems: 80, totalPages: 10, page: 2 });
      expect(flavours.cards.every((c) => c.kind === "flavour")).toBe(true);
    });

    it("lists six reviews in order", async () => {
      const reviews = await catalog.listReviews(testDb().db);
      expect(reviews).toHaveLength(6);
      expect(reviews[0]).toEqual({
        id: expect.any(String),
        quote: expect.any(String),
        name: expect.any(String),
        company: expect.any(String),
        image: expect.stringMatching(/^\/images\/reviews\//),
      });
    });

    it("moves the storefront version on when content changes, so cached pages are dropped", async () => {
      const before = await readStorefrontVersion(testDb().db);
      expect(before).toBeGreaterThan(1); // loading the demo catalogue moved it on
      await bumpStorefrontVersion(testDb().db);
      expect(await readStorefrontVersion(testDb().db)).toBe(before + 1);
    });

    it("does not load the demo catalogue twice", async () => {
      expect(await seedDemoCatalogueIfEmpty(testDb().db)).toBe(false);
      expect((await catalog.listCatalogPage(testDb().db, "featured", null)).totalItems).toBe(85);
    });

    it("hides an archived device and its flavours everywhere", async () => {
      const { db } = testDb();
      const cards = await catalog.listDeviceCards(db);
      const mini = cards.find((c) => c.name === "Hayati Mini 1500")!;
      const [flavour] = await catalog.listFlavourCards(db, { deviceSlug: "hayati-mini-1500", limit: 1 });
      await db.updateTable("devices").set({ archived: 1 }).where("id", "=", mini.id).execute();
      try {
        expect(await catalog.getDevice(db, mini.id)).toBeNull();
        expect(await catalog.getFlavour(db, flavour!.id)).toBeNull();
        expect(await catalog.listFlavourCards(db, { deviceSlug: "hayati-mini-1500" })).toEqual([]);
        expect((await catalog.listCatalogPage(db, "featured", null)).totalItems).toBe(85 - 1 - 16);
        expect((await catalog.listDeviceFilters(db)).map((f) => f.name)).not.toContain("Hayati Mini 1500");
      } finally {
        await db.updateTable("devices").set({ archived: 0 }).where("id", "=", mini.id).execute();
      }
    });

    it("counts a listing once per catalogue version: a change to the catalogue shows in the next version's count", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const before = await catalog.listFlavourPage(db, { version });
      const products = await catalog.listCatalogPage(db, "featured", null, version);
      const [flavour] = before.flavours;
      await setFlavourArchived(db, staff, flavour!.id, true);
      // The same version: the count remembered (the listing's order with it); the page cache keeps whole pages as long.
      expect((await catalog.listFlavourPage(db, { version })).totalItems).toBe(before.totalItems);
      expect((await catalog.listCatalogPage(db, "featured", null, version)).totalItems).toBe(products.totalItems);
      // Archiving moved the version: counted again.
      const moved = await readStorefrontVersion(db);
      expect(moved).not.toBe(version);
      expect((await catalog.listFlavourPage(db, { version: moved })).totalItems).toBe(before.totalItems - 1);
      expect((await catalog.listCatalogPage(db, "featured", null, moved)).totalItems).toBe(products.totalItems - 1);
      // Without a version (scripts), counted every time.
      await setFlavourArchived(db, staff, flavour!.id, false);
      expect((await catalog.listFlavourPage(db)).totalItems).toBe(before.totalItems);
    });

    it("pages a listing from its order remembered per version: the same cards as paging it in SQL", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      for (const sort of ["featured", "price-desc", "name", "flavours"] as const) {
        const first = await catalog.listCatalogPage(db, sort, null);
        for (const rawPage of ["1", "2", String(first.totalPages), "999", "x"]) {
          expect(await catalog.listCatalogPage(db, sort, rawPage, version), `${sort} ${rawPage}`).toEqual(
            await catalog.listCatalogPage(db, sort, rawPage),
          );
        }
      }
      for (const options of [{ rawPage: "2" }, { rawPage: "1", deviceSlug: "hayati-mini-1500" }, { rawPage: "40" }])
        expect(await catalog.listFlavourPage(db, { ...options, version })).toEqual(
          await catalog.listFlavourPage(db, options),
        );
      // An item taken off sale in the same version (another server process has not seen the change yet) is left out
      // of its page rather than shown; the next version pages without it.
      const before = await catalog.listFlavourPage(db, { version });
      const [gone, next] = before.flavours;
      await setFlavourArchived(db, staff, gone!.id, true);
      try {
        const same = await catalog.listFlavourPage(db, { version });
        expect(same.flavours.map((f) => f.id)).not.toContain(gone!.id);
        expect(same.flavours[0]!.id).toBe(next!.id);
        const moved = await catalog.listFlavourPage(db, { version: await readStorefrontVersion(db) });
        expect(moved.flavours).toEqual((await catalog.listFlavourPage(db)).flavours);
        expect(moved.flavours).toHaveLength(before.flavours.length);
      } finally {
        await setFlavourArchived(db, staff, gone!.id, false);
      }
    });

    it("asks the device filter, the About page's figures and home's lists once per catalogue version as well", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      const filters = await catalog.listDeviceFilters(db, version);
      const figures = await catalog.countShopFigures(db, version);
      const home = async (at?: number) => ({
        devices: await catalog.listDeviceCards(db, at),
        flavours: await catalog.listFlavourCards(db, { limit: 8, version: at }),
        ofDevice: await catalog.listFlavourCards(db, { deviceSlug: "hayati-mini-1500", limit: 8, version: at }),
        reviews: await catalog.listReviews(db, at),
      });
      const homeBefore = await home(version);
      const mini = filters.find((f) => f.name === "Hayati Mini 1500")!;
      const miniId = (await catalog.listDeviceCards(db)).find((c) => c.name === mini.name)!.id;
      expect(homeBefore.devices.map((d) => d.id)).toContain(miniId);
      expect(homeBefore.ofDevice.length).toBeGreaterThan(0);
      await setDeviceArchived(db, staff, miniId, true);
      try {
        // The same version: what was asked first (the page cache keeps whole pages as long).
        expect(await catalog.listDeviceFilters(db, version)).toBe(filters);
        expect(await catalog.countShopFigures(db, version)).toEqual(figures);
        // Except a device's own flavours: its slug is looked up every time, so a device taken off sale shows none
        // at once (as decision 053 leaves out an item taken off sale), rather than waiting for the version.
        expect(await home(version)).toEqual({ ...homeBefore, ofDevice: [] });
        // Archiving moved the version: asked again, the device gone from each.
        const moved = await readStorefrontVersion(db);
        expect(moved).not.toBe(version);
        expect((await catalog.listDeviceFilters(db, moved)).map((f) => f.name)).not.toContain(mini.name);
        expect(await catalog.countShopFigures(db, moved)).toEqual({ ...figures, devices: figures.devices - 1 });
        const homeAfter = await home(moved);
        expect(homeAfter.devices.map((d) => d.id)).not.toContain(miniId);
        expect(homeAfter.ofDevice).toEqual([]);
        expect(homeAfter.flavours.map((f) => f.deviceName)).not.toContain(mini.name);
        // Without a version, asked every time.
        expect(await home()).toEqual(homeAfter);
      } finally {
        await setDeviceArchived(db, staff, miniId, false);
      }
      // Without a version, asked every time.
      expect((await catalog.listDeviceFilters(db)).map((f) => f.name)).toContain(mini.name);
    });
  },
  { seed: true },
);

describe("catalogue service on an empty database", () => {
  describeEachDatabase("empty catalogue", (testDb) => {
    it("gives one empty page rather than failing", async () => {
      const result = await catalog.listCatalogPage(testDb().db, "featured", "4");
      expect(result).toEqual({ cards: [], page: 1, totalPages: 1, totalItems: 0 });
      expect(await catalog.listDeviceCards(testDb().db)).toEqual([]);
    });
  });
});
