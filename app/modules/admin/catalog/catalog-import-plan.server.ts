// What a catalogue file would do to the shop, worked out by reading only (docs/decisions/042, 069): each row's change,
// each item's publishing answers and whether it is shown afterwards, and the problems that stop it. A dry run shows
// the plan; the import writes it a batch at a time (catalog-import.service.server), planning each batch again in its
// own transaction. Nothing here writes.
import type { Db } from "~/db/database.server";
import { formatMoney } from "~/lib/money";
import { turnTaker } from "~/lib/take-turns.server";
import type { CatalogCsvRow, CsvProblem } from "~/modules/catalog/catalog-csv.server";
import { optionsLabel } from "~/modules/catalog/variants";
import { mhraNumberProblem } from "~/modules/compliance/mhra-list.service.server";
import { publishReasons } from "./catalog-admin-publish";
import { importMessages, type ImportChange, type ImportCounts, type KeptDraft } from "./catalog-import";
import {
  findShopSide,
  problemsAgainstShop,
  type ImportFile,
  type ItemRef,
  type ShopSide,
} from "./catalog-import-checks.server";
import { factChanges, factsOf, formValues, type ItemFacts } from "./catalog-import-facts.server";
import { publishErrorsOf } from "./catalog-publish.service.server";

type VariantRow = ShopSide["bySku"][number];

/** One row of the file: the variant the shop has under its SKU (or none: a new one), and what changes. */
export type RowPlan = {
  row: CatalogCsvRow;
  known: VariantRow | null;
  /** The variant's own columns to change (known variants only). */
  update: { price_cents?: number | null; barcode?: string | null; track_stock?: 0 | 1; archived?: 0 };
  /** The stock to set, from what it is now (known variants only). */
  stock: { from: number; to: number } | null;
};

/** One item of the file and what the import does to it. */
export type ItemPlan = {
  kind: CatalogCsvRow["kind"];
  handle: string;
  rows: RowPlan[];
  /** The item in the shop; null for a new one. */
  item: ItemRef | null;
  facts: ItemFacts;
  /** Whether it is shown in the shop after the import. */
  shown: boolean;
  /** An item the shop has: whether its own columns change (publishing answers, lists, shown or hidden). */
  itemChanged: boolean;
};

export type ImportPlan =
  | { ok: false; problems: CsvProblem[] }
  | {
      ok: true;
      items: ItemPlan[];
      /** The devices the shop has that the rows name (their own, or their flavours'), by handle. */
      devices: Map<string, ItemRef>;
      /** Variants whose barcode another SKU of the rows takes: cleared first, so no two hold it at once. */
      barcodesMoving: string[];
      changes: ImportChange[];
      drafts: KeptDraft[];
      counts: ImportCounts;
    };

const money = (cents: number) => formatMoney(cents);

/** The file's rows as items, in the order the import writes them: devices first (a flavour's device must exist). */
export function itemsOf(rows: CatalogCsvRow[]): CatalogCsvRow[][] {
  const byItem = new Map<string, CatalogCsvRow[]>();
  for (const row of rows) {
    const key = `${row.kind}|${row.handle}`;
    const list = byItem.get(key);
    if (list) list.push(row);
    else byItem.set(key, [row]);
  }
  const all = [...byItem.values()];
  return [...all.filter((r) => r[0]!.kind === "device"), ...all.filter((r) => r[0]!.kind === "flavour")];
}

/** The shop's own images of a new item (this shop's paths and addresses); other sites' are dropped. */
export function ownImages(images: string[], appUrl: string): { kept: string[]; dropped: boolean } {
  const origin = URL.canParse(appUrl) ? new URL(appUrl).origin : null;
  const kept: string[] = [];
  let dropped = false;
  for (const image of images) {
    if (image.startsWith("/") && !image.startsWith("//")) kept.push(image);
    else if (origin && image.startsWith(`${origin}/`)) kept.push(image.slice(origin.length));
    else dropped = true;
  }
  return { kept, dropped };
}

/**
 * The plan for these rows of the file (all of it, or a batch), read from the shop as it is: problems with the shop
 * first (a SKU elsewhere, a barcode taken, a missing device, an MHRA number not on the loaded list, a shown item the file
 * would make unfit to sell); without any, what each row and item does.
 */
export async function planImport(db: Db, rows: CatalogCsvRow[], file: ImportFile, appUrl: string): Promise<ImportPlan> {
  const shop = await findShopSide(db, rows);
  const problems = await problemsAgainstShop(db, rows, shop, file);
  if (problems.length > 0) return { ok: false, problems };

  const items: ItemPlan[] = [];
  const changes: ImportChange[] = [];
  const drafts: KeptDraft[] = [];
  const counts: ImportCounts = { newItems: 0, newVariants: 0, updated: 0, unchanged: 0, published: 0, drafts: 0 };
  const mhraChecked = new Map<string, string | null>();
  const turns = turnTaker(50);
  for (const itemRows of itemsOf(rows)) {
    await turns.tick();
    const first = itemRows[0]!;
    const item = shop.items.get(`${first.kind}|${first.handle}`) ?? null;
    const name = item?.name ?? first.name;
    const rowPlans = itemRows.map((row) => rowPlan(row, item, shop));
    const newRows = rowPlans.filter((p) => !p.known).map((p) => p.row);
    const facts = factsOf(itemRows, item, newRows);
    const images = ownImages(first.images, appUrl).kept;

    // An MHRA number the item gets is checked against the loaded list, as the form checks it.
    if (facts.mhraEcid && facts.mhraEcid !== (item?.saved?.row.mhra_ecid ?? null)) {
      if (!mhraChecked.has(facts.mhraEcid))
        mhraChecked.set(facts.mhraEcid, await mhraNumberProblem(db, facts.mhraEcid));
      const problem = mhraChecked.get(facts.mhraEcid);
      if (problem)
        problems.push({ line: first.line, message: importMessages.mhraNotListed(first.line, facts.mhraEcid, problem) });
    }

    // Shown afterwards: a new item when the file says active, one the shop has as it is unless the Status changes it;
    // either only if it passes every check publishing applies.
    const wasShown = item !== null && !item.archived;
    const wantsShown = first.status === null ? wasShown : first.status === "active";
    const itemWords = item ? factChanges(item, facts) : [];
    const publishingChanged = item === null || !wasShown || newRows.length > 0 || itemWords.length > 0;
    let shown = wantsShown;
    if (wantsShown && publishingChanged) {
      const form = await formValues(db, itemRows, item, facts, images);
      const errors = form ? await publishErrorsOf(db, form, item?.id ?? null) : {};
      const reasons = publishReasons(errors);
      if (reasons.length > 0) {
        shown = false;
        if (wasShown)
          problems.push({ line: first.line, message: importMessages.shownBroken(first.line, name, reasons) });
        else drafts.push({ line: first.line, item: name, reasons });
      }
    }
    if (shown && !wasShown) counts.published++;
    if (wantsShown && !shown) counts.drafts++;
    if (item && shown !== wasShown) itemWords.push(shown ? "shown in the shop" : "hidden from the shop (draft)");
    const itemChanged = item !== null && (itemWords.length > 0 || newRows.length > 0);

    if (!item) counts.newItems++;
    rowPlans.forEach((plan, index) => {
      const change = changeOf(plan, item, name, index === 0 ? itemWords : []);
      if (!item && index === 0) change.changes.push(shown ? "shown in the shop" : "a draft, not shown");
      changes.push(change);
      if (change.action === "new item" || change.action === "new variant") counts.newVariants++;
      else if (change.action === "updated") counts.updated++;
      else counts.unchanged++;
    });
    items.push({ kind: first.kind, handle: first.handle, rows: rowPlans, item, facts, shown, itemChanged });
  }
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line) };
  const devices = new Map(
    [...shop.items.values()].filter((i) => i.kind === "device").map((device) => [device.slug, device] as const),
  );
  // A barcode may move between SKUs of the file (the checks refused one taken from any other).
  const claims = new Map(rows.flatMap((r) => (r.barcode ? [[r.barcode, r.sku.toLowerCase()] as const] : [])));
  const barcodesMoving = shop.byBarcode
    .filter((v) => v.barcode && claims.has(v.barcode) && claims.get(v.barcode) !== v.sku.toLowerCase())
    .map((v) => v.id);
  const sorted = changes.sort((a, b) => a.line - b.line);
  return { ok: true, items, devices, barcodesMoving, changes: sorted, drafts, counts };
}

/** What the shop has under the row's SKU, and what of it changes. */
function rowPlan(row: CatalogCsvRow, item: ItemRef | null, shop: ShopSide): RowPlan {
  const known = item ? (shop.savedBySku.get(row.sku.toLowerCase()) ?? null) : null;
  const plan: RowPlan = { row, known, update: {}, stock: null };
  if (!known || !item) return plan;
  const knownPrice = known.price_cents === null ? item.priceCents : Number(known.price_cents);
  if (knownPrice !== row.priceCents)
    plan.update.price_cents = row.priceCents === item.priceCents ? null : row.priceCents;
  if ((known.barcode ?? null) !== row.barcode) plan.update.barcode = row.barcode;
  if (Boolean(Number(known.track_stock)) !== row.trackStock) plan.update.track_stock = row.trackStock ? 1 : 0;
  if (Number(known.archived) === 1) plan.update.archived = 0;
  if (Number(known.stock_quantity) !== row.stock) plan.stock = { from: Number(known.stock_quantity), to: row.stock };
  return plan;
}

/** The row's line in the dry run's list: a new item or variant, or the changes to one (`itemWords` on the first row). */
function changeOf(plan: RowPlan, item: ItemRef | null, name: string, itemWords: string[]): ImportChange {
  const { row, known } = plan;
  const base = { line: row.line, sku: known?.sku ?? row.sku, item: name, variant: optionsLabel(row) };
  if (!known) {
    const changes = [`price ${money(row.priceCents)}`, row.trackStock ? `stock ${row.stock}` : "stock not tracked"];
    return { ...base, action: item ? "new variant" : "new item", changes: [...itemWords, ...changes] };
  }
  const diff = [...itemWords];
  const knownPrice = known.price_cents === null ? item!.priceCents : Number(known.price_cents);
  if ("price_cents" in plan.update) diff.push(`price ${money(knownPrice)} → ${money(row.priceCents)}`);
  if ("barcode" in plan.update) diff.push(`barcode ${known.barcode ?? "none"} → ${row.barcode ?? "none"}`);
  if ("track_stock" in plan.update) diff.push(row.trackStock ? "stock tracked" : "stock not tracked");
  if ("archived" in plan.update) diff.push("sold again");
  if (plan.stock) diff.push(`stock ${plan.stock.from} → ${plan.stock.to}`);
  return { ...base, action: diff.length ? "updated" : "unchanged", changes: diff };
}
