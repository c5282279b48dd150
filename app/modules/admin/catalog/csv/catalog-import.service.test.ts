import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase, testDatabaseKinds, type TestDatabase } from "~/db/testing/test-database";
import type { SessionUser } from "~/modules/accounts/accounts";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { catalogCsv, parseCatalogCsv } from "./catalog-csv.server";
import { device as deviceCells, file, flavour as flavourCells, withoutLine } from "./testing/catalog-csv-fixture";
import { export3, shopify, withDevice } from "./testing/shopify-fixture";
import { exportCatalogue } from "./catalog-export.service.server";
import { importMessages } from "./catalog-import";
import { importCatalogue, importChecked } from "./catalog-import.service.server";

// The catalogue in and out as CSV (issue 30): the export and import round trip, the dry run, one bad row saving
// nothing, Shopify's file, and updates by SKU recorded in the stock history.

const staff: SessionUser = {
  id: "staff-csv",
  name: "Casey Staff",
  email: "casey@shop.test",
  firstName: "Casey",
  lastName: null,
  dateOfBirth: "1990-01-01",
  role: "staff",
  authProvider: "email",
  staffRoles: ["owner"],
};
const APP_URL = "https://shop.test";

const counts = async (db: Db) => ({
  devices: Number(
    (
      await db
        .selectFrom("devices")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  flavours: Number(
    (
      await db
        .selectFrom("flavours")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  variants: Number(
    (
      await db
        .selectFrom("variants")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  movements: Number(
    (
      await db
        .selectFrom("stock_movements")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});

describeEachDatabase(
  "the catalogue CSV",
  (testDb) => {
    let empty: TestDatabase;
    beforeAll(async () => {
      const kind = testDb().kind;
      empty = await testDatabaseKinds()
        .find((k) => k.kind === kind)!
        .create();
    });
    afterAll(async () => {
      await empty?.drop();
    });

    /** What a shop's catalogue holds that the file carries: items with their publishing answers, and variants. */
    const catalogue = async (db: Db) => ({
      devices: await db
        .selectFrom("devices")
        .select([
          "slug",
          "name",
          "description",
          "archived",
          "rechargeable",
          "refill",
          "pod_ml",
          "nicotine_mg_ml",
          "mhra_ecid",
          "flavours",
          "nicotine_strengths",
          "puff_counts",
          "price_cents",
          "images",
        ])
        .orderBy("slug")
        .execute(),
      flavours: await db
        .selectFrom("flavours as f")
        .innerJoin("devices as d", "d.id", "f.device_id")
        .select([
          "f.slug",
          "f.name",
          "f.archived",
          "f.pod_ml",
          "f.bottle_ml",
          "f.nicotine_mg_ml",
          "f.mhra_ecid",
          "f.sizes",
          "f.price_cents",
          "d.slug as device",
        ])
        .orderBy("f.slug")
        .execute(),
      variants: await db
        .selectFrom("variants")
        .select([
          "kind",
          "sku",
          "barcode",
          "flavour",
          "nicotine_strength",
          "puff_count",
          "price_cents",
          "stock_quantity",
        ])
        .select(["track_stock", "archived", "position"])
        .where("archived", "=", 0)
        .orderBy("sku")
        .execute(),
    });

    it("is staff only", async () => {
      await expect(exportCatalogue(testDb().db, null)).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(
        importCatalogue(testDb().db, { ...staff, role: "customer" }, "x", { dryRun: true, appUrl: APP_URL }),
      ).rejects.toBeInstanceOf(StaffOnlyError);
    });

    it("round trip: the demo catalogue exported and imported into an empty shop gives the same items, shown as they were", async () => {
      const source = testDb().db;
      // One device and one flavour hidden in the shop, so the file carries both states.
      const hidden = {
        device: (await source.selectFrom("devices").select("id").orderBy("slug").executeTakeFirstOrThrow()).id,
        flavour: (await source.selectFrom("flavours").select("id").orderBy("slug").executeTakeFirstOrThrow()).id,
      };
      await source.updateTable("devices").set({ archived: 1 }).where("id", "=", hidden.device).execute();
      await source.updateTable("flavours").set({ archived: 1 }).where("id", "=", hidden.flavour).execute();
      try {
        const exported = await exportCatalogue(source, staff);
        const variants = (await counts(source)).variants;
        expect(exported.trimEnd().split("\r\n").length).toBeGreaterThan(1 + variants / 2);
        const imported = await importCatalogue(empty.db, staff, exported, { dryRun: false, appUrl: APP_URL });
        expect(imported).toMatchObject({ ok: true, format: "shop", dryRun: false, drafts: [] });
        if (!imported.ok) return;
        expect(imported.counts.updated + imported.counts.unchanged).toBe(0);
        expect(await exportCatalogue(empty.db, staff)).toBe(exported);
        // The same items, with what publishing needs, shown or hidden as they were: nothing to open and restore.
        const before = await catalogue(source);
        expect(before.devices.filter((d) => d.archived === 0).length).toBeGreaterThan(0);
        expect(await catalogue(empty.db)).toEqual(before);
        // The same file again changes nothing.
        const again = await importCatalogue(empty.db, staff, exported, { dryRun: false, appUrl: APP_URL });
        expect(again.ok && again.counts).toMatchObject({ newItems: 0, newVariants: 0, updated: 0, published: 0 });
      } finally {
        await source.updateTable("devices").set({ archived: 0 }).where("id", "=", hidden.device).execute();
        await source.updateTable("flavours").set({ archived: 0 }).where("id", "=", hidden.flavour).execute();
      }
    });

    it("a dry run lists each row's change and saves nothing; 'Import' then applies the checked file", async () => {
      const { db } = testDb();
      const sku = await db
        .selectFrom("variants")
        .select(["sku", "stock_quantity"])
        .orderBy("sku")
        .executeTakeFirstOrThrow();
      // The shop's file with one variant's stock changed, and a new device and flavour after it.
      const rows = (await parseCatalogCsv(await exportCatalogue(db, staff))).rows.map(withoutLine);
      const mine = rows.find((r) => r.sku === sku.sku)!;
      const added = (await parseCatalogCsv(file(deviceCells, flavourCells))).rows.map(withoutLine);
      const text = catalogCsv([{ ...mine, stock: Number(sku.stock_quantity) + 7 }, ...added]);
      const before = await counts(db);

      const dry = await importCatalogue(db, staff, text, {
        dryRun: true,
        appUrl: APP_URL,
        fileName: "shop.csv",
      });
      expect(dry).toMatchObject({ ok: true, dryRun: true, counts: { newItems: 2, newVariants: 2, updated: 1 } });
      if (!dry.ok) return;
      expect(dry.changes[0]).toMatchObject({
        line: 2,
        sku: sku.sku,
        action: "updated",
        changes: [`stock ${sku.stock_quantity} → ${Number(sku.stock_quantity) + 7}`],
      });
      expect(dry.changes.slice(1).map((c) => [c.line, c.sku, c.action])).toEqual([
        [3, "BAR-BLUE-10", "new item"],
        [4, "MANGO-20", "new item"],
      ]);
      expect(await counts(db)).toEqual(before);
      expect(dry.importId).toEqual(expect.any(String));

      // Someone else cannot import a file staff member Casey checked.
      const other = await importChecked(db, { ...staff, id: "staff-other" }, dry.importId!, APP_URL);
      expect(other).toEqual({
        ok: false,
        code: "not-found",
        message: importMessages.expired,
        format: null,
        problems: [{ line: 1, message: importMessages.expired }],
        problemCount: 1,
      });
      const done = await importChecked(db, staff, dry.importId!, APP_URL);
      expect(done).toMatchObject({ ok: true, dryRun: false, counts: { newItems: 2, updated: 1 } });
      const after = await counts(db);
      expect(after.variants).toBe(before.variants + 2);
      const moved = await db
        .selectFrom("stock_movements as m")
        .innerJoin("variants as v", "v.id", "m.variant_id")
        .select(["m.change", "m.note", "m.by_name"])
        .where("v.sku", "=", sku.sku)
        .orderBy("m.created_at", "desc")
        .orderBy("m.id", "desc")
        .executeTakeFirstOrThrow();
      expect([Number(moved.change), moved.note, moved.by_name]).toEqual([7, "CSV import", "Casey Staff"]);
      // Imported once: the checked file is gone.
      expect((await importChecked(db, staff, dry.importId!, APP_URL)).ok).toBe(false);
    });

    it("one bad row saves nothing, and each problem names its line", async () => {
      const { db } = testDb();
      const taken = await db
        .selectFrom("variants as v")
        .innerJoin("flavours as f", "f.id", "v.item_id")
        .select(["v.sku", "f.slug"])
        .where("v.kind", "=", "flavour")
        .where("f.slug", "<>", "mango-ice")
        .orderBy("v.sku")
        .executeTakeFirstOrThrow();
      const before = await counts(db);
      const bad = file(
        { ...deviceCells, SKU: "NEW-OK-1", Handle: "fresh-kit", Barcode: "" },
        { ...deviceCells, SKU: taken.sku, Handle: "fresh-kit", Flavour: "Mint", Barcode: "" },
        { ...flavourCells, SKU: "NEW-OK-2", Handle: "fresh-flavour", Device: "no-such-device" },
      );
      const answer = await importCatalogue(db, staff, bad, { dryRun: false, appUrl: APP_URL });
      expect(answer).toEqual({
        ok: false,
        code: "invalid",
        message: expect.stringMatching(new RegExp(`^Line 3: SKU ${taken.sku} belongs to `)),
        format: "shop",
        problems: [
          {
            line: 3,
            message: expect.stringMatching(new RegExp(`^Line 3: SKU ${taken.sku} belongs to .+\\(${taken.slug}\\)`)),
          },
          { line: 4, message: importMessages.noDevice(4, "no-such-device") },
        ],
        problemCount: 2,
      });
      expect(await counts(db)).toEqual(before);
      // A file-level problem comes alone.
      const semicolons = await importCatalogue(db, staff, "SKU;Type;Handle\n1;2;3\n", {
        dryRun: true,
        appUrl: APP_URL,
      });
      expect(semicolons.ok).toBe(false);
      expect(!semicolons.ok && semicolons.problems[0]!.line).toBe(1);
    });

    it("moves barcodes between the file's SKUs, a swap too, within a batch and across batches", async () => {
      const { db } = testDb();
      const codes = ["4006381333931", "9780201379624", "5901234123457", "0012345678905"] as const;
      const kit = (handle: string, sku: string, barcode: string, flavourName: string) => ({
        ...deviceCells,
        SKU: sku,
        Handle: handle,
        Name: `Kit ${handle}`,
        Flavour: flavourName,
        Barcode: barcode,
      });
      const barcodes = async (skus: string[]) =>
        Object.fromEntries(
          (await db.selectFrom("variants").select(["sku", "barcode"]).where("sku", "in", skus).execute()).map((v) => [
            v.sku,
            v.barcode,
          ]),
        );
      const run = (text: string, batchRows?: number) =>
        importCatalogue(db, staff, text, { dryRun: false, appUrl: APP_URL, batchRows });

      // Two variants of one item (one batch) swap their barcodes.
      const one = (a: string, b: string) =>
        file(kit("swap-kit", "SWAP-A", a, "Mint"), kit("swap-kit", "SWAP-B", b, "Lime"));
      expect(await run(one(codes[0], codes[1]))).toMatchObject({ ok: true });
      expect(await run(one(codes[1], codes[0]))).toMatchObject({ ok: true, counts: { updated: 2 } });
      expect(await barcodes(["SWAP-A", "SWAP-B"])).toEqual({ "SWAP-A": codes[1], "SWAP-B": codes[0] });

      // Two items, written in two batches, swap theirs.
      const two = (c: string, d: string) =>
        file(kit("swap-one", "SWAP-C", c, "Mint"), kit("swap-two", "SWAP-D", d, "Mint"));
      expect(await run(two(codes[2], codes[3]))).toMatchObject({ ok: true });
      expect(await run(two(codes[3], codes[2]), 1)).toMatchObject({ ok: true, counts: { updated: 2 } });
      expect(await barcodes(["SWAP-C", "SWAP-D"])).toEqual({ "SWAP-C": codes[3], "SWAP-D": codes[2] });
    });

    it("takes Shopify's product export: options mapped, images from Shopify's site left for staff to upload", async () => {
      const answer = await importCatalogue(empty.db, staff, shopify(export3, withDevice), {
        dryRun: false,
        appUrl: APP_URL,
      });
      expect(answer).toMatchObject({ ok: true, format: "shopify", notes: [importMessages.foreignImages] });
      const kit = await empty.db
        .selectFrom("devices")
        .selectAll()
        .where("slug", "=", "bar-pro")
        .executeTakeFirstOrThrow();
      expect(JSON.parse(kit.flavours)).toContain("Blue Razz Ice");
      expect(JSON.parse(kit.images)).toEqual([]);
      const variants = await empty.db
        .selectFrom("variants")
        .select(["sku", "nicotine_strength", "puff_count"])
        .where("item_id", "=", kit.id)
        .orderBy("position")
        .execute();
      expect(variants[0]).toEqual({ sku: "BAR-BLUE-10", nicotine_strength: 10, puff_count: 5000 });
    });
  },
  { seed: true },
);
