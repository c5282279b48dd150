/**
 * The catalogue in as CSV (issue 30; docs/decisions/042, 043; the export is catalog-export.service.server): the import
 * reads the shop's file or Shopify's product export and creates or updates variants by SKU (never deleting), all in
 * one transaction: a dry run shows each row's change and saves nothing, one bad row saves nothing. The file is checked
 * against the shop first (catalog-import-checks.server); new items and variants are written by
 * catalog-import-writes.server.
 */
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { formatMoney } from "~/lib/money";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "~/modules/accounts/staff";
import { parseCatalogCsv, type CatalogCsvFormat, type CatalogCsvRow } from "~/modules/catalog/catalog-csv.server";
import { optionsLabel } from "~/modules/catalog/variants";
import { updateVariantRow } from "~/modules/catalog/variants.service.server";
import { setStockFromForm } from "~/modules/stock/stock.service.server";
import * as repo from "./catalog-admin.repository.server";
import { importMessages, type ImportAnswer, type ImportChange } from "./catalog-import";
import { findShopSide, problemsAgainstShop } from "./catalog-import-checks.server";
import { addRows, createItem, IMPORT_NOTE, ownImages } from "./catalog-import-writes.server";

/** A checked file waits this long for staff to import it. */
const KEEP_MS = 24 * 60 * 60 * 1000;

class Rollback extends Error {
  constructor(readonly answer: ImportAnswer) {
    super("rolled back");
  }
}

const money = (cents: number) => formatMoney(cents);

/**
 * Reads a catalogue file and applies it in one transaction (rolled back on a dry run or any problem). Staff only.
 * The file is checked first on its own (catalog-csv.server), then against the shop: a SKU stays with its item and its
 * choices, a combination an item sells has one SKU, a barcode one owner, a flavour's device must exist.
 */
export async function importCatalogue(
  db: Db,
  actor: SessionUser | null,
  content: string,
  options: { dryRun: boolean; appUrl: string; fileName?: string },
): Promise<ImportAnswer> {
  assertStaff(actor);
  const read = parseCatalogCsv(content);
  if (read.problems.length > 0) return { ok: false, format: read.format, problems: read.problems };
  try {
    return await db.transaction().execute(async (trx) => {
      const answer = await apply(trx, actor, read.rows, read.format, options.appUrl);
      // A problem, or a dry run: nothing of it is kept.
      if (!answer.ok || options.dryRun) throw new Rollback(answer);
      await bumpStorefrontVersion(trx);
      return answer;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    const answer = error.answer;
    if (!answer.ok) return answer;
    // The checked file waits for 'Import', written after the dry run's transaction was rolled back.
    return {
      ...answer,
      dryRun: true,
      importId: await keepForImport(db, actor, content, options.fileName ?? "catalogue.csv"),
    };
  }
}

async function keepForImport(db: Db, actor: SessionUser, content: string, fileName: string): Promise<string> {
  const now = Date.now();
  await repo.deleteCatalogImports(db, { before: new Date(now - KEEP_MS).toISOString() });
  const id = newId(20);
  await repo.insertCatalogImport(db, {
    id,
    created_by: actor.id,
    created_at: new Date(now).toISOString(),
    file_name: fileName.slice(0, 200),
    content,
  });
  return id;
}

/** 'Import' after a dry run: the checked file, applied for real (and checked again: the shop may have changed). */
export async function importChecked(
  db: Db,
  actor: SessionUser | null,
  importId: string,
  appUrl: string,
): Promise<ImportAnswer> {
  assertStaff(actor);
  const waiting = /^[A-Za-z0-9_-]{10,40}$/.test(importId)
    ? await repo.findCatalogImport(db, importId, actor.id)
    : undefined;
  if (!waiting || Date.parse(waiting.created_at) < Date.now() - KEEP_MS)
    return { ok: false, format: null, problems: [{ line: 1, message: importMessages.expired }] };
  const answer = await importCatalogue(db, actor, waiting.content, { dryRun: false, appUrl });
  if (answer.ok) await repo.deleteCatalogImports(db, { id: importId });
  return answer;
}

/**
 * The file applied in the caller's transaction: checked against the shop, then written item by item (devices first,
 * so a flavour's new device exists). An answer with problems is rolled back by the caller.
 */
async function apply(
  trx: Db,
  actor: SessionUser,
  rows: CatalogCsvRow[],
  format: CatalogCsvFormat,
  appUrl: string,
): Promise<ImportAnswer> {
  const notes = new Set<string>();
  const at = new Date();
  const stamp = at.toISOString();
  const shop = await findShopSide(trx, rows);
  const { bySku, byBarcode, savedBySku, items } = shop;
  const problems = await problemsAgainstShop(trx, rows, shop);
  if (problems.length > 0) return { ok: false, format, problems };

  // Writes: barcodes first cleared where they move between SKUs of the file, so the unique index never sees two.
  const changes: ImportChange[] = [];
  const byHandle = new Map<string, CatalogCsvRow[]>();
  for (const row of rows)
    byHandle.set(`${row.kind}|${row.handle}`, [...(byHandle.get(`${row.kind}|${row.handle}`) ?? []), row]);
  const ordered = [...byHandle.entries()].sort(([a], [b]) =>
    a.startsWith("device") === b.startsWith("device") ? 0 : a.startsWith("device") ? -1 : 1,
  );
  for (const v of bySku.concat(byBarcode))
    if (v.barcode && rows.some((r) => r.barcode === v.barcode && r.sku.toLowerCase() !== v.sku.toLowerCase()))
      await updateVariantRow(trx, v.id, { barcode: null });

  for (const [key, itemRows] of ordered) {
    const first = itemRows[0]!;
    let item = items.get(key);
    if (!item) {
      const images = ownImages(first.images, appUrl);
      if (images.dropped) notes.add(importMessages.foreignImages);
      const device = first.deviceHandle ? items.get(`device|${first.deviceHandle}`) : undefined;
      item = await createItem(trx, actor, first, itemRows, images.kept, device, at);
      items.set(key, item);
    }
    const newVariants: CatalogCsvRow[] = [];
    for (const row of itemRows) {
      const known = savedBySku.get(row.sku.toLowerCase());
      const variant = optionsLabel(row);
      const ownPrice = row.priceCents === item.priceCents ? null : row.priceCents;
      if (!known) {
        newVariants.push(row);
        changes.push({
          line: row.line,
          sku: row.sku,
          item: item.name,
          variant,
          action: item.isNew ? "new item" : "new variant",
          changes: [`price ${money(row.priceCents)}`, row.trackStock ? `stock ${row.stock}` : "stock not tracked"],
        });
        continue;
      }
      const diff: string[] = [];
      const update: Parameters<typeof updateVariantRow>[2] = {};
      const knownPrice = known.price_cents === null ? item.priceCents : Number(known.price_cents);
      if (knownPrice !== row.priceCents) {
        diff.push(`price ${money(knownPrice)} → ${money(row.priceCents)}`);
        update.price_cents = ownPrice;
      }
      if ((known.barcode ?? null) !== row.barcode) {
        diff.push(`barcode ${known.barcode ?? "none"} → ${row.barcode ?? "none"}`);
        update.barcode = row.barcode;
      }
      if (Boolean(Number(known.track_stock)) !== row.trackStock) {
        diff.push(row.trackStock ? "stock tracked" : "stock not tracked");
        update.track_stock = row.trackStock ? 1 : 0;
      }
      if (Number(known.archived) === 1) {
        diff.push("sold again");
        update.archived = 0;
      }
      if (Object.keys(update).length > 0) await updateVariantRow(trx, known.id, { ...update, updated_at: stamp });
      if (Number(known.stock_quantity) !== row.stock) {
        diff.push(`stock ${known.stock_quantity} → ${row.stock}`);
        const ref = { kind: row.kind, itemId: item.id, variantId: known.id };
        const set = await setStockFromForm(trx, actor, ref, Number(known.stock_quantity), row.stock, IMPORT_NOTE);
        if (!set.ok)
          return { ok: false, format, problems: [{ line: row.line, message: `Line ${row.line}: ${set.message}` }] };
      }
      changes.push({
        line: row.line,
        sku: known.sku,
        item: item.name,
        variant,
        action: diff.length ? "updated" : "unchanged",
        changes: diff,
      });
    }
    if (newVariants.length > 0) await addRows(trx, actor, item, newVariants, stamp);
  }
  const count = (action: ImportChange["action"]) => changes.filter((c) => c.action === action).length;
  return {
    ok: true,
    dryRun: false,
    format,
    changes: changes.sort((a, b) => a.line - b.line),
    counts: {
      newItems: new Set(changes.filter((c) => c.action === "new item").map((c) => c.item)).size,
      newVariants: count("new variant") + count("new item"),
      updated: count("updated"),
      unchanged: count("unchanged"),
    },
    notes: [...notes],
    importId: null,
  };
}
