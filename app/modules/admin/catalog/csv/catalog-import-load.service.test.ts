import { afterEach, expect, it, vi } from "vitest";
import { recordHealthCheck, type Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { letOthersRun } from "~/lib/take-turns.server";
import { catalogCsv, parseCatalogCsv, type CatalogCsvRow } from "./catalog-csv.server";
import { withoutLine } from "./testing/catalog-csv-fixture";
import { shopify, export3 } from "./testing/shopify-fixture";
import { UNSAID } from "./catalog-csv";
import { exportCatalogue } from "./catalog-export.service.server";
import { importMessages, MAX_LISTED } from "./catalog-import";
import { importCatalogue, importChecked } from "./catalog-import.service.server";
import { staff, useCatalogFixture } from "../testing/catalog-fixture";

// A large catalogue file and the rest of the shop (docs/decisions/069): a dry run writes nothing and holds no
// transaction, an import writes in batches that let other writers in, and answers list the rows that change (never
// all of them) with a count of the unchanged; a Shopify product without a strength waits for staff to give one.

const APP_URL = "https://shop.test";

/** `n` new flavours of one new device, one variant each: a file of `n + 1` rows. */
function bigFile(prefix: string, n: number): string {
  const base = { ...UNSAID, barcode: null, puffCount: null, images: ["/images/x.webp"], mhraEcid: null };
  const rows: Array<Omit<CatalogCsvRow, "line">> = [
    {
      ...base,
      sku: `${prefix}-KIT`,
      kind: "device",
      handle: `${prefix}-kit`,
      name: `Kit ${prefix}`,
      description: "A kit.",
      deviceHandle: null,
      flavour: "Mint",
      nicotineStrength: 0,
      priceCents: 1999,
      stock: 5,
      trackStock: true,
    },
  ];
  for (let i = 0; i < n; i++)
    rows.push({
      ...base,
      sku: `${prefix}-${i}`,
      kind: "flavour",
      handle: `${prefix}-flavour-${i}`,
      name: `Flavour ${prefix} ${i}`,
      description: "Fruity.",
      deviceHandle: `${prefix}-kit`,
      flavour: "",
      nicotineStrength: 0,
      priceCents: 499,
      stock: 10,
      trackStock: true,
    });
  return catalogCsv(rows);
}

const countOf = async (db: Db, table: "variants" | "flavours" | "stock_movements") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeEachDatabase(
  "a large catalogue file beside the rest of the shop",
  (testDb) => {
    useCatalogFixture(testDb);
    afterEach(() => vi.restoreAllMocks());

    it("a dry run writes nothing and opens no transaction, and answers with the changed rows only, bounded", async () => {
      const { db } = testDb();
      const transactions = vi.spyOn(db, "transaction");
      const startedTransactions = vi.spyOn(db, "startTransaction");
      const before = [
        await countOf(db, "variants"),
        await countOf(db, "flavours"),
        await countOf(db, "stock_movements"),
      ];
      const dry = await importCatalogue(db, staff, bigFile("dry", 1_500), { dryRun: true, appUrl: APP_URL });
      expect(dry).toMatchObject({ ok: true, counts: { newItems: 1_501, newVariants: 1_501 } });
      expect(transactions).not.toHaveBeenCalled();
      expect(startedTransactions).not.toHaveBeenCalled();
      expect([
        await countOf(db, "variants"),
        await countOf(db, "flavours"),
        await countOf(db, "stock_movements"),
      ]).toEqual(before);
      if (!dry.ok) return;
      expect(dry.changes).toHaveLength(MAX_LISTED);
      // The answer the page gets stays small whatever the file's size: 1,501 rows changing, about 100 KB.
      expect(JSON.stringify(dry).length).toBeLessThan(150_000);
    });

    it("lists the rows that change, first and alone, with a count of the unchanged", async () => {
      const { db } = testDb();
      const exported = await exportCatalogue(db, staff);
      const rows = (await parseCatalogCsv(exported)).rows.map(withoutLine);
      const changed = [225, 226];
      const text = catalogCsv(rows.map((row, i) => (changed.includes(i) ? { ...row, stock: row.stock + 3 } : row)));
      const dry = await importCatalogue(db, staff, text, { dryRun: true, appUrl: APP_URL });
      expect(dry).toMatchObject({ ok: true, counts: { updated: 2, unchanged: rows.length - 2, newVariants: 0 } });
      if (!dry.ok) return;
      expect(dry.changes.map((c) => [c.line, c.action])).toEqual([
        [227, "updated"],
        [228, "updated"],
      ]);
    });

    it("an import of many rows writes in batches, and another writer is served between them", async () => {
      const { db } = testDb();
      const before = await countOf(db, "variants");
      let importing = true;
      let served = 0;
      let writing = false;
      // How many of the other writer's writes were done when each of the import's transactions began.
      const servedAtBatch: number[] = [];
      const startTransaction = db.startTransaction.bind(db);
      vi.spyOn(db, "startTransaction").mockImplementation(() => {
        if (!writing) servedAtBatch.push(served);
        return startTransaction();
      });
      // Another request's write (as /healthz makes), again and again, each in a turn of its own.
      const writer = (async () => {
        while (importing) {
          await letOthersRun();
          writing = true;
          const write = recordHealthCheck(db, "beside-the-import", new Date().toISOString());
          writing = false;
          await write;
          if (importing) served++;
        }
      })();
      const done = await importCatalogue(db, staff, bigFile("batch", 400), {
        dryRun: false,
        appUrl: APP_URL,
        batchRows: 50,
      });
      importing = false;
      await writer;
      expect(done).toMatchObject({ ok: true, counts: { newItems: 401, newVariants: 401 } });
      expect(await countOf(db, "variants")).toBe(before + 401);
      // Nine transactions of about 50 rows, and the other writer had its turn between them, not only at the end.
      expect(servedAtBatch.length).toBeGreaterThanOrEqual(8);
      expect(new Set(servedAtBatch).size).toBeGreaterThanOrEqual(5);
    });

    it("stops, keeping the batches before, when the shop changed since the check; it says where and what", async () => {
      const { db } = testDb();
      const other = await db
        .selectFrom("variants")
        .select(["item_id", "kind"])
        .where("kind", "=", "flavour")
        .executeTakeFirstOrThrow();
      const text = bigFile("stop", 120); // the device and 120 flavours: batches of about 50 rows
      const startTransaction = db.startTransaction.bind(db);
      let calls = 0;
      vi.spyOn(db, "startTransaction").mockImplementation(() => {
        const builder = startTransaction();
        if (++calls !== 3) return builder;
        // Before the third batch, another item takes one of its SKUs (as staff might in the variant grid).
        return {
          execute: async () => {
            const taken = await db
              .selectFrom("variants")
              .selectAll()
              .where("sku", "=", "stop-0")
              .executeTakeFirstOrThrow();
            await db
              .insertInto("variants")
              .values({
                ...taken,
                id: "stolen-sku",
                sku: "stop-110",
                item_id: other.item_id,
                nicotine_strength: 19,
                stock_to_check: 0,
              })
              .execute();
            return builder.execute();
          },
        } as typeof builder;
      });
      const before = await countOf(db, "variants");
      const answer = await importCatalogue(db, staff, text, { dryRun: false, appUrl: APP_URL, batchRows: 50 });
      expect(answer).toMatchObject({ ok: false, code: "changed", saved: { newItems: 100, newVariants: 100 } });
      if (answer.ok) return;
      expect(answer.problems[0]!.message).toBe(importMessages.stopped(102));
      expect(answer.problems[1]!.message).toMatch(/^Line 113: SKU stop-110 belongs to /);
      // The two batches before it are saved (one was the stolen SKU's copy, set up above).
      expect(await countOf(db, "variants")).toBe(before + 100 + 1);
    });

    it("a Shopify product without a nicotine strength waits for staff to give one; the rest import", async () => {
      const { db } = testDb();
      const single = {
        Handle: "solo-liquid",
        Title: "Solo Liquid",
        Type: "E-liquid",
        Tags: "hayati-pro-max-6000",
        "Option1 Name": "Title",
        "Option1 Value": "Default Title",
        "Variant SKU": "SOLO-1",
        "Variant Inventory Tracker": "shopify",
        "Variant Inventory Qty": "4",
        "Variant Price": "3.99",
      };
      const text = shopify([
        ...export3.slice(5, 8).map((r) => ({ ...r, Tags: r.Tags ? "hayati-pro-max-6000" : "" })),
        single,
      ]);
      const dry = await importCatalogue(db, staff, text, { dryRun: true, appUrl: APP_URL, fileName: "shop.csv" });
      expect(dry).toMatchObject({
        ok: true,
        counts: { newItems: 1, newVariants: 2 },
        missing: [{ line: 5, handle: "solo-liquid", name: "Solo Liquid", variants: 1 }],
      });
      if (!dry.ok) return;
      const again = await importChecked(db, staff, dry.importId!, APP_URL, {
        dryRun: true,
        strengths: { "solo-liquid": "0" },
      });
      expect(again).toMatchObject({
        ok: true,
        importId: dry.importId,
        missing: [],
        strengths: { "solo-liquid": "0" },
        counts: { newItems: 2, newVariants: 3 },
      });
      const done = await importChecked(db, staff, dry.importId!, APP_URL, { strengths: { "solo-liquid": "0" } });
      expect(done).toMatchObject({ ok: true, dryRun: false, counts: { newItems: 2 } });
      const solo = await db
        .selectFrom("variants")
        .select(["nicotine_strength", "stock_quantity"])
        .where("sku", "=", "SOLO-1")
        .executeTakeFirst();
      expect(solo).toEqual({ nicotine_strength: 0, stock_quantity: 4 });
    });
  },
  { seed: true },
);
