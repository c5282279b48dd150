/**
 * The catalogue in as CSV (issue 30; docs/decisions/042, 043, 069; the export is catalog-export.service.server): the
 * import reads the shop's file or Shopify's product export and creates or updates items and variants by SKU (never
 * deleting). The file is checked against the shop by reading only (catalog-import-plan.server): a dry run shows what
 * it would do and holds no lock; a problem anywhere imports nothing. The import then writes the plan in batches of a
 * few hundred rows, each in its own short transaction planned again inside it, so other writers (orders, stock,
 * /healthz) wait a moment at most; between batches the process serves others.
 */
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { toJsonText } from "~/db/json-text";
import { inTransaction } from "~/db/transaction.server";
import { newId } from "~/lib/ids.server";
import { fail, ok, type Result } from "~/lib/result";
import { letOthersRun } from "~/lib/take-turns.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { recordPrice } from "~/modules/catalog/price-history.service.server";
import { findVariantRowsOf, insertVariantRows, updateVariantRow } from "~/modules/catalog/variants.service.server";
import { recordStartingStocks, setStockFromForm } from "~/modules/stock/stock.service.server";
import * as repo from "../catalog-admin.repository.server";
import { refuseFile, type CatalogCsvRow, type CsvProblem, type CsvRefusal } from "./catalog-csv";
import { parseCatalogCsv, type CatalogCsvFormat } from "./catalog-csv.server";
import {
  importMessages,
  MAX_LISTED,
  type ImportAnswer,
  type ImportChange,
  type ImportCounts,
  type KeptDraft,
} from "./catalog-import";
import {
  importFileOf,
  itemsOf,
  ownImages,
  planImport,
  type ImportFile,
  type ImportPlan,
  type ItemPlan,
  type ItemRef,
} from "./catalog-import-plan.server";

/** A checked file waits this long for staff to import it. */
const KEEP_MS = 24 * 60 * 60 * 1000;
/** About how many rows one transaction of the import writes (an item's rows are never split). */
export const IMPORT_BATCH_ROWS = 500;

export type ImportOptions = {
  dryRun: boolean;
  appUrl: string;
  fileName?: string;
  /** Strengths staff gave for Shopify products without one, by handle, as typed. */
  strengths?: Record<string, string>;
  /** Rows a batch of the import writes (tests make it small). */
  batchRows?: number;
};

const noCounts = (): ImportCounts => ({
  newItems: 0,
  newVariants: 0,
  updated: 0,
  unchanged: 0,
  published: 0,
  drafts: 0,
});
const addCounts = (a: ImportCounts, b: ImportCounts): ImportCounts => ({
  newItems: a.newItems + b.newItems,
  newVariants: a.newVariants + b.newVariants,
  updated: a.updated + b.updated,
  unchanged: a.unchanged + b.unchanged,
  published: a.published + b.published,
  drafts: a.drafts + b.drafts,
});

/** The answer of a refused file: its first problems (`problemCount` says how many), and what was saved before. */
const refused = (
  format: CatalogCsvFormat | null,
  refusal: CsvRefusal,
  saved?: ImportCounts,
): Extract<ImportAnswer, { ok: false }> => ({
  ...refusal,
  format,
  problems: refusal.problems.slice(0, MAX_LISTED),
  problemCount: refusal.problems.length,
  ...(saved ? { saved } : {}),
});

/** An import writes items and their prices: it needs catalogue.edit and prices.edit (issue 63). */
function assertImporter(actor: SessionUser | null): asserts actor is SessionUser {
  assertAllowed(actor, "catalogue.edit");
  assertAllowed(actor, "prices.edit");
}

/**
 * Reads a catalogue file (text, or the upload's bytes: anything not UTF-8 is refused as such) and checks it against
 * the shop; a dry run answers what it would do and keeps the file for 'Import', otherwise it is imported. Staff only.
 */
export async function importCatalogue(
  db: Db,
  actor: SessionUser | null,
  content: string | Buffer,
  options: ImportOptions,
  keptAs: string | null = null,
): Promise<ImportAnswer> {
  assertImporter(actor);
  const read = await parseCatalogCsv(content, { strengths: options.strengths });
  if (read.problems.length > 0) return refused(read.format, refuseFile(read.problems));
  const file = importFileOf(
    read.rows,
    read.missing.map((m) => m.handle),
  );
  const plan = await planImport(db, read.rows, file, options.appUrl);
  if (!plan.ok) return refused(read.format, plan);
  const notes = read.notes.map((n) => n.message);
  if (plan.items.some((item) => !item.item && ownImages(item.rows[0]!.row.images, options.appUrl).dropped))
    notes.push(importMessages.foreignImages);
  const answer = {
    ok: true as const,
    format: read.format,
    notes: notes.slice(0, MAX_LISTED),
    missing: read.missing.slice(0, MAX_LISTED),
    strengths: read.strengths,
  };
  if (options.dryRun) {
    const importId =
      keptAs ??
      (await keepForImport(
        db,
        actor,
        typeof content === "string" ? content : content.toString("utf8"),
        options.fileName ?? "catalogue.csv",
      ));
    return { ...answer, dryRun: true, ...listed(plan.changes, plan.drafts), counts: plan.counts, importId };
  }
  const done = await importInBatches(db, actor, read.rows, file, options);
  if (!done.ok) return refused(read.format, done, done.saved);
  return { ...answer, dryRun: false, ...listed(done.changes, done.drafts), counts: done.counts, importId: null };
}

/** What an answer lists: the rows that change (not the unchanged ones, which the counts give), and kept drafts. */
function listed(changes: ImportChange[], drafts: KeptDraft[]) {
  return {
    changes: changes.filter((c) => c.action !== "unchanged").slice(0, MAX_LISTED),
    drafts: drafts.slice(0, MAX_LISTED),
  };
}

type Batched = Result<
  { changes: ImportChange[]; drafts: KeptDraft[]; counts: ImportCounts },
  { problems: CsvProblem[]; saved?: ImportCounts }
>;

/**
 * The file written a batch at a time, each batch planned again and written in one transaction: a problem found then
 * (the shop changed since the check) rolls that batch back and stops, keeping the batches before it.
 */
async function importInBatches(
  db: Db,
  actor: SessionUser,
  rows: CatalogCsvRow[],
  file: ImportFile,
  options: ImportOptions,
): Promise<Batched> {
  const at = new Date();
  const devices = new Map<string, ItemRef>();
  let counts = noCounts();
  let batchesDone = 0;
  const changes: ImportChange[] = [];
  const drafts: KeptDraft[] = [];
  for (const batch of batchesOf(itemsOf(rows), options.batchRows ?? IMPORT_BATCH_ROWS)) {
    const plan = await inTransaction(db, async (trx): Promise<ImportPlan> => {
      const planned = await planImport(trx, batch, file, options.appUrl);
      if (!planned.ok) return planned;
      for (const [handle, device] of planned.devices) devices.set(handle, device);
      await clearMovingBarcodes(trx, planned.barcodesMoving, at.toISOString());
      for (const item of planned.items) {
        const images = item.item ? [] : ownImages(item.rows[0]!.row.images, options.appUrl).kept;
        const written = await writeItem(trx, actor, item, { devices, images, at });
        if (!written.ok) return refuseFile([{ line: written.line, message: written.message }], written.code);
        if (item.kind === "device") devices.set(item.handle, written.item);
      }
      await recordAudit(trx, auditActorOf(actor), {
        action: "catalogue.import",
        entity: "catalogue",
        details: {
          fileName: (options.fileName ?? "catalogue.csv").slice(0, 200),
          batch: batchesDone + 1,
          created: planned.counts.newItems,
          newVariants: planned.counts.newVariants,
          updated: planned.counts.updated,
          unchanged: planned.counts.unchanged,
          published: planned.counts.published,
        },
      });
      await bumpStorefrontVersion(trx);
      return planned;
    });
    if (!plan.ok) {
      if (batchesDone === 0) return plan;
      const line = Math.min(...batch.map((r) => r.line));
      return {
        ...refuseFile([{ line, message: importMessages.stopped(line) }, ...plan.problems], "changed"),
        saved: counts,
      };
    }
    batchesDone++;
    counts = addCounts(counts, plan.counts);
    for (const change of plan.changes)
      if (change.action !== "unchanged" && changes.length < MAX_LISTED) changes.push(change);
    drafts.push(...plan.drafts.slice(0, MAX_LISTED - drafts.length));
    await letOthersRun();
  }
  return ok({ changes: changes.sort((a, b) => a.line - b.line), drafts, counts });
}

/** The items' rows in batches of about `size` rows, in the order given (an item's rows stay together). */
function batchesOf(items: CatalogCsvRow[][], size: number): CatalogCsvRow[][] {
  const batches: CatalogCsvRow[][] = [];
  let current: CatalogCsvRow[] = [];
  for (const rows of items) {
    if (current.length > 0 && current.length + rows.length > size) {
      batches.push(current);
      current = [];
    }
    current.push(...rows);
  }
  if (current.length > 0) batches.push(current);
  return batches;
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

/**
 * The checked file again: 'Import' applies it for real (checked again: the shop may have changed), or, with `dryRun`,
 * it is checked again with the nicotine strengths staff gave for Shopify products without one.
 */
export async function importChecked(
  db: Db,
  actor: SessionUser | null,
  importId: string,
  appUrl: string,
  options: { dryRun?: boolean; strengths?: Record<string, string> } = {},
): Promise<ImportAnswer> {
  assertImporter(actor);
  const waiting = /^[A-Za-z0-9_-]{10,40}$/.test(importId)
    ? await repo.findCatalogImport(db, importId, actor.id)
    : undefined;
  if (!waiting || Date.parse(waiting.created_at) < Date.now() - KEEP_MS)
    return refused(null, refuseFile([{ line: 1, message: importMessages.expired }], "not-found"));
  const dryRun = options.dryRun ?? false;
  const answer = await importCatalogue(
    db,
    actor,
    waiting.content,
    { dryRun, appUrl, fileName: waiting.file_name, strengths: options.strengths },
    importId,
  );
  if (answer.ok && !dryRun) await repo.deleteCatalogImports(db, { id: importId });
  return answer;
}

// ---------- writing one item -------------------------------------------------------------------------------------------
// What a catalogue import writes for one planned item (issue 30; docs/decisions/042, 069), in the caller's transaction:
// a new item with its publishing answers, shown or a draft as planned, with its price's history started; an item the
// shop has with its answers, lists and shown state changed; each variant added or changed, its stock recorded.

/** The note on the stock movements an import records. */
export const IMPORT_NOTE = "CSV import";

type Written = Result<{ item: ItemRef }, { line: number }>;

/**
 * Writes one planned item. `devices` holds the devices written or found so far, by handle, for a new flavour's device;
 * `images` are the new item's own images. A stock that cannot be set (it moved since the plan) fails with its line.
 */
export async function writeItem(
  trx: Db,
  actor: SessionUser,
  plan: ItemPlan,
  context: { devices: Map<string, ItemRef>; images: string[]; at: Date },
): Promise<Written> {
  const stamp = context.at.toISOString();
  const item = plan.item ?? (await createItem(trx, actor, plan, context));
  if (plan.item && plan.itemChanged) await updateItem(trx, plan, stamp);
  for (const { row, known, update, stock } of plan.rows) {
    if (!known) continue;
    if (Object.keys(update).length > 0) await updateVariantRow(trx, known.id, { ...update, updated_at: stamp });
    if (stock) {
      const ref = { kind: item.kind, itemId: item.id, variantId: known.id };
      const set = await setStockFromForm(trx, actor, ref, stock.from, stock.to, IMPORT_NOTE);
      if (!set.ok) return { ...fail("changed", `Line ${row.line}: ${set.message}`), line: row.line };
    }
  }
  await addVariants(trx, actor, item, plan, stamp);
  return { ok: true, item };
}

/** Clears the barcodes that move to another SKU of the batch, before any is written (one owner per barcode). */
export async function clearMovingBarcodes(trx: Db, variantIds: string[], stamp: string): Promise<void> {
  for (const id of variantIds) await updateVariantRow(trx, id, { barcode: null, updated_at: stamp });
}

/** A new item of the file, shown or a draft as planned (a draft waits for staff to complete it before it is shown). */
async function createItem(
  trx: Db,
  actor: SessionUser,
  plan: ItemPlan,
  context: { devices: Map<string, ItemRef>; images: string[]; at: Date },
): Promise<ItemRef> {
  const first = plan.rows[0]!.row;
  const stamp = context.at.toISOString();
  const { facts } = plan;
  const common = {
    id: newId(),
    slug: first.handle,
    name: first.name,
    description: first.description,
    images: toJsonText(context.images),
    price_cents: first.priceCents,
    nicotine_mg_ml: facts.nicotineMgMl,
    pod_ml: facts.podMl,
    mhra_ecid: facts.mhraEcid,
    archived: plan.shown ? 0 : 1,
    created_at: stamp,
    updated_at: stamp,
  };
  if (first.kind === "device") {
    await repo.insertDevice(trx, {
      ...common,
      original_price_cents: null,
      flavours: toJsonText(facts.flavours),
      nicotine_strengths: toJsonText(facts.strengths),
      puff_counts: toJsonText(facts.puffCounts),
      features: toJsonText([]),
      details_description: "",
      specifications: toJsonText([]),
      rechargeable: facts.rechargeable ? 1 : 0,
      refill: facts.refill,
      featured: 0,
      position: await repo.nextDevicePosition(trx),
    });
  } else {
    const device = context.devices.get(first.deviceHandle!)!;
    await repo.insertFlavour(trx, {
      ...common,
      sizes: toJsonText(facts.strengths),
      device_id: device.id,
      bottle_ml: facts.bottleMl,
    });
  }
  // Its price starts its history, as an item saved from the form does.
  await recordPrice(trx, { kind: first.kind, id: common.id }, first.priceCents, actor.id, context.at);
  return {
    kind: first.kind,
    id: common.id,
    slug: first.handle,
    name: first.name,
    priceCents: first.priceCents,
    isNew: true,
    archived: !plan.shown,
    saved: null,
  };
}

/** An item the shop has: its publishing answers, its lists grown by the new variants, shown or hidden as planned. */
async function updateItem(trx: Db, plan: ItemPlan, stamp: string): Promise<void> {
  const { facts } = plan;
  const common = {
    nicotine_mg_ml: facts.nicotineMgMl,
    pod_ml: facts.podMl,
    mhra_ecid: facts.mhraEcid,
    archived: plan.shown ? (0 as const) : (1 as const),
    updated_at: stamp,
  };
  if (plan.kind === "device")
    await repo.updateDevice(trx, plan.item!.id, {
      ...common,
      flavours: toJsonText(facts.flavours),
      nicotine_strengths: toJsonText(facts.strengths),
      puff_counts: toJsonText(facts.puffCounts),
      rechargeable: facts.rechargeable ? 1 : 0,
      refill: facts.refill,
    });
  else
    await repo.updateFlavour(trx, plan.item!.id, {
      ...common,
      sizes: toJsonText(facts.strengths),
      bottle_ml: facts.bottleMl,
    });
}

/** The file's new variants of an item, after the ones it has, with their starting stock recorded. */
async function addVariants(trx: Db, actor: SessionUser, item: ItemRef, plan: ItemPlan, stamp: string) {
  const rows = plan.rows.filter((p) => !p.known).map((p) => p.row);
  if (rows.length === 0) return;
  const existing = item.isNew ? [] : await findVariantRowsOf(trx, item.kind, [item.id]);
  let position = existing.reduce((max, v) => Math.max(max, Number(v.position) + 1), 0);
  const made = rows.map((row) => ({
    id: newId(),
    kind: item.kind,
    item_id: item.id,
    sku: row.sku,
    barcode: row.barcode,
    flavour: row.flavour,
    nicotine_strength: row.nicotineStrength,
    puff_count: row.puffCount,
    price_cents: row.priceCents === item.priceCents ? null : row.priceCents,
    stock_quantity: row.stock,
    track_stock: row.trackStock ? 1 : 0,
    liquid_tenths: row.liquidTenths,
    position: position++,
    archived: 0,
    created_at: stamp,
    updated_at: stamp,
  }));
  await insertVariantRows(trx, made);
  const starts = made.map((v) => ({
    of: { kind: item.kind, itemId: item.id, variantId: v.id },
    quantity: v.stock_quantity,
  }));
  await recordStartingStocks(trx, actor, starts, stamp, IMPORT_NOTE);
}
