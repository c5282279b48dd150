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
import { newId } from "~/lib/ids.server";
import { letOthersRun } from "~/lib/take-turns.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "~/modules/accounts/staff";
import {
  parseCatalogCsv,
  type CatalogCsvFormat,
  type CatalogCsvRow,
  type CsvProblem,
} from "~/modules/catalog/catalog-csv.server";
import * as repo from "./catalog-admin.repository.server";
import {
  importMessages,
  MAX_LISTED,
  type ImportAnswer,
  type ImportChange,
  type ImportCounts,
  type KeptDraft,
} from "./catalog-import";
import { importFileOf, type ImportFile, type ItemRef } from "./catalog-import-checks.server";
import { itemsOf, ownImages, planImport } from "./catalog-import-plan.server";
import { clearMovingBarcodes, writeItem } from "./catalog-import-writes.server";

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

class Rollback extends Error {
  constructor(readonly problems: CsvProblem[]) {
    super("rolled back");
  }
}

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

const refused = (
  format: CatalogCsvFormat | null,
  problems: CsvProblem[],
  saved?: ImportCounts,
): Extract<ImportAnswer, { ok: false }> => ({
  ok: false,
  format,
  problems: problems.slice(0, MAX_LISTED),
  problemCount: problems.length,
  ...(saved ? { saved } : {}),
});

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
  assertStaff(actor);
  const read = await parseCatalogCsv(content, { strengths: options.strengths });
  if (read.problems.length > 0) return refused(read.format, read.problems);
  const file = importFileOf(
    read.rows,
    read.missing.map((m) => m.handle),
  );
  const plan = await planImport(db, read.rows, file, options.appUrl);
  if (!plan.ok) return refused(read.format, plan.problems);
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
  if (!done.ok) return refused(read.format, done.problems, done.saved);
  return { ...answer, dryRun: false, ...listed(done.changes, done.drafts), counts: done.counts, importId: null };
}

/** What an answer lists: the rows that change (not the unchanged ones, which the counts give), and kept drafts. */
function listed(changes: ImportChange[], drafts: KeptDraft[]) {
  return {
    changes: changes.filter((c) => c.action !== "unchanged").slice(0, MAX_LISTED),
    drafts: drafts.slice(0, MAX_LISTED),
  };
}

type Batched =
  | { ok: true; changes: ImportChange[]; drafts: KeptDraft[]; counts: ImportCounts }
  | { ok: false; problems: CsvProblem[]; saved?: ImportCounts };

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
    try {
      const plan = await db.transaction().execute(async (trx) => {
        const planned = await planImport(trx, batch, file, options.appUrl);
        if (!planned.ok) throw new Rollback(planned.problems);
        for (const [handle, device] of planned.devices) devices.set(handle, device);
        await clearMovingBarcodes(trx, planned.barcodesMoving, at.toISOString());
        for (const item of planned.items) {
          const images = item.item ? [] : ownImages(item.rows[0]!.row.images, options.appUrl).kept;
          const written = await writeItem(trx, actor, item, { devices, images, at });
          if (!written.ok) throw new Rollback([{ line: written.line, message: written.message }]);
          if (item.kind === "device") devices.set(item.handle, written.item);
        }
        await bumpStorefrontVersion(trx);
        return planned;
      });
      batchesDone++;
      counts = addCounts(counts, plan.counts);
      for (const change of plan.changes)
        if (change.action !== "unchanged" && changes.length < MAX_LISTED) changes.push(change);
      drafts.push(...plan.drafts.slice(0, MAX_LISTED - drafts.length));
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
      if (batchesDone === 0) return { ok: false, problems: error.problems };
      const line = Math.min(...batch.map((r) => r.line));
      return {
        ok: false,
        problems: [{ line, message: importMessages.stopped(line) }, ...error.problems],
        saved: counts,
      };
    }
    await letOthersRun();
  }
  return { ok: true, changes: changes.sort((a, b) => a.line - b.line), drafts, counts };
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
  assertStaff(actor);
  const waiting = /^[A-Za-z0-9_-]{10,40}$/.test(importId)
    ? await repo.findCatalogImport(db, importId, actor.id)
    : undefined;
  if (!waiting || Date.parse(waiting.created_at) < Date.now() - KEEP_MS)
    return refused(null, [{ line: 1, message: importMessages.expired }]);
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
