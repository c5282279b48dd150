// What a catalogue file would do to the shop, worked out by reading only (docs/decisions/042, 069): each row's change,
// each item's publishing answers and whether it is shown afterwards, and the problems that stop it. A dry run shows
// the plan; the import writes it a batch at a time (catalog-import.service.server), planning each batch again in its
// own transaction. Nothing here writes.
import type { Selectable } from "kysely";
import type { Db } from "~/db/database.server";
import { numberList, textList } from "~/db/json-text";
import type { DevicesTable, FlavoursTable } from "~/db/schema";
import type { ItemKind } from "~/db/values";
import { formatMoney } from "~/lib/money";
import { formatLiquid } from "~/modules/compliance/vaping-duty";
import type { Result } from "~/lib/result";
import { readInTurns, turnTaker } from "~/lib/take-turns.server";
import { refillLabels, type DeviceRefill } from "~/modules/catalog/catalog";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { optionsKey, optionsLabel } from "~/modules/catalog/variants";
import { findVariantRowsOf, findVariantsByCodes } from "~/modules/catalog/variants.service.server";
import { mhraNumberProblem } from "~/modules/compliance/mhra-list.service.server";
import { centsToText, type DeviceValues, type FlavourValues } from "../catalog-admin";
import * as repo from "../catalog-admin.repository.server";
import { publishReasons } from "../catalog-admin-publish";
import { getDeviceEditor, getFlavourEditor } from "../catalog-admin.service.server";
import { publishErrorsOf } from "../catalog-publish.service.server";
import type { SoldVariantLiquid } from "../catalog-admin.service.server";
import { refuseFile, type CatalogCsvRow, type CsvProblem } from "./catalog-csv";
import { importMessages, type ImportChange, type ImportCounts, type KeptDraft } from "./catalog-import";

type VariantRow = ShopSide["bySku"][number];

/** One row of the file: the variant the shop has under its SKU (or none: a new one), and what changes. */
export type RowPlan = {
  row: CatalogCsvRow;
  known: VariantRow | null;
  /** The variant's own columns to change (known variants only). */
  update: {
    price_cents?: number | null;
    barcode?: string | null;
    track_stock?: 0 | 1;
    archived?: 0;
    liquid_tenths?: number;
  };
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

export type ImportPlan = Result<
  {
    items: ItemPlan[];
    /** The devices the shop has that the rows name (their own, or their flavours'), by handle. */
    devices: Map<string, ItemRef>;
    /** Variants whose barcode another SKU of the rows takes: cleared first, so no two hold it at once. */
    barcodesMoving: string[];
    changes: ImportChange[];
    drafts: KeptDraft[];
    counts: ImportCounts;
  },
  { problems: CsvProblem[] }
>;

const money = (cents: number) => formatMoney(cents);
const liquidOf = (tenths: number | string | null) => (tenths === null ? "not known" : formatLiquid(Number(tenths)));

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
  if (problems.length > 0) return refuseFile(problems);

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
      const sold = first.kind === "flavour" ? await soldAfter(db, item, rowPlans) : undefined;
      const errors = form ? await publishErrorsOf(db, form, item?.id ?? null, sold) : {};
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
  if (problems.length > 0) return refuseFile(problems.sort((a, b) => a.line - b.line));
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

/**
 * The variants an item sells once the file is imported, with their liquid in one unit (the duty record publishing
 * needs): the file's rows (a row that does not say keeps the variant's own), and the shop's others still on sale.
 */
async function soldAfter(db: Db, item: ItemRef | null, plans: RowPlan[]): Promise<SoldVariantLiquid[]> {
  const inFile = new Set(plans.flatMap((p) => (p.known ? [p.known.id] : [])));
  const others = item && !item.isNew ? await findVariantRowsOf(db, item.kind, [item.id]) : [];
  return [
    ...plans.map((p) => ({
      label: optionsLabel(p.row),
      liquidTenths: p.row.liquidTenths ?? (p.known?.liquid_tenths == null ? null : Number(p.known.liquid_tenths)),
    })),
    ...others
      .filter((v) => !inFile.has(v.id) && Number(v.archived) === 0)
      .map((v) => ({
        label: optionsLabel(optionsOfRow(v)),
        liquidTenths: v.liquid_tenths === null ? null : Number(v.liquid_tenths),
      })),
  ];
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
  const knownLiquid = known.liquid_tenths === null ? null : Number(known.liquid_tenths);
  if (row.liquidTenths !== null && knownLiquid !== row.liquidTenths) plan.update.liquid_tenths = row.liquidTenths;
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
  if ("liquid_tenths" in plan.update)
    diff.push(`liquid ${liquidOf(known.liquid_tenths)} → ${liquidOf(row.liquidTenths)}`);
  if (plan.stock) diff.push(`stock ${plan.stock.from} → ${plan.stock.to}`);
  return { ...base, action: diff.length ? "updated" : "unchanged", changes: diff };
}

// ---------- checks against the shop ----------------------------------------------------------------------------------
// A catalogue file checked against the shop before anything is written (issue 30; docs/decisions/042, 069): a SKU
// stays with its item and its choices, a combination an item sells has one SKU, a barcode one owner, a flavour's device
// must exist. The file was already checked on its own (catalog-csv.server). The rows checked may be a part of the file
// (a batch of the import): `ImportFile` holds what the whole file says.

/** How many SKUs, barcodes or handles one query asks for; the process serves others between queries. */
const CHUNK = 500;
/** How many items' variants one query asks for (each item has a few, a device dozens). */
const ITEMS_CHUNK = 100;

/** What the whole file says, for checking a part of it. */
export type ImportFile = {
  /** Every SKU of the file, in lower case. */
  skus: Set<string>;
  /** The handles of the devices the file has. */
  devices: Set<string>;
  /** Shopify products left out for want of a nicotine strength, by handle. */
  leftOut: Set<string>;
};

export function importFileOf(rows: CatalogCsvRow[], leftOut: string[]): ImportFile {
  return {
    skus: new Set(rows.map((r) => r.sku.toLowerCase())),
    devices: new Set(rows.filter((r) => r.kind === "device").map((r) => r.handle)),
    leftOut: new Set(leftOut),
  };
}

/** A saved item's row, as the import reads it. */
export type SavedItem =
  { kind: "device"; row: Selectable<DevicesTable> } | { kind: "flavour"; row: Selectable<FlavoursTable> };
/** An item the file names: found in the shop by its handle (`saved`), or made by the import (`isNew`). */
export type ItemRef = {
  kind: ItemKind;
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  isNew: boolean;
  /** Hidden from the shop (a draft, or archived). */
  archived: boolean;
  saved: SavedItem | null;
};

/** What the shop holds of the file: its variants by SKU and barcode, and its items by `kind|handle`. */
export type ShopSide = Awaited<ReturnType<typeof findShopSide>>;

/** The shop's variants with the rows' SKUs or barcodes, and the items (and flavours' devices) the rows name. */
export async function findShopSide(trx: Db, rows: CatalogCsvRow[]) {
  const bySku = await readInTurns(
    rows.map((r) => r.sku),
    CHUNK,
    async (skus) => (await findVariantsByCodes(trx, { skus, barcodes: [] })).bySku,
  );
  const byBarcode = await readInTurns(
    rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
    CHUNK,
    async (barcodes) => (await findVariantsByCodes(trx, { skus: [], barcodes })).byBarcode,
  );
  const savedBySku = new Map(bySku.map((v) => [v.sku.toLowerCase(), v]));
  // The items the rows name, found by handle in their table; the others are made by the import.
  const items = new Map<string, ItemRef>();
  const base = (row: { id: string; slug: string; name: string; price_cents: unknown; archived: unknown }) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    priceCents: Number(row.price_cents),
    isNew: false,
    archived: Number(row.archived) === 1,
  });
  const deviceHandles = new Set(rows.filter((r) => r.kind === "device").map((r) => r.handle));
  for (const r of rows) if (r.deviceHandle) deviceHandles.add(r.deviceHandle);
  for (const row of await readInTurns([...deviceHandles], CHUNK, (slugs) => repo.findDevicesBySlug(trx, slugs)))
    items.set(`device|${row.slug}`, { kind: "device", ...base(row), saved: { kind: "device", row } });
  const flavourHandles = [...new Set(rows.filter((r) => r.kind === "flavour").map((r) => r.handle))];
  for (const row of await readInTurns(flavourHandles, CHUNK, (slugs) => repo.findFlavoursBySlug(trx, slugs)))
    items.set(`flavour|${row.slug}`, { kind: "flavour", ...base(row), saved: { kind: "flavour", row } });
  return { bySku, byBarcode, savedBySku, items };
}

/** Every row's problems with the shop as it is; none means the rows can be written. */
export async function problemsAgainstShop(
  trx: Db,
  rows: CatalogCsvRow[],
  shop: ShopSide,
  file: ImportFile,
): Promise<CsvProblem[]> {
  const { savedBySku, items } = shop;
  const barcodeOwner = new Map(shop.byBarcode.map((v) => [v.barcode!, v.sku]));
  const itemIds = (kind: ItemKind) => [...items.values()].filter((i) => i.kind === kind && !i.isNew).map((i) => i.id);
  const variantsOf = (kind: ItemKind) =>
    readInTurns(itemIds(kind), ITEMS_CHUNK, (ids) => findVariantRowsOf(trx, kind, ids));
  const saved = [...(await variantsOf("device")), ...(await variantsOf("flavour"))];
  const savedCombos = new Map(saved.map((v) => [`${v.kind}|${v.item_id}|${optionsKey(optionsOfRow(v))}`, v]));
  const itemById = new Map([...items.values()].map((i) => [`${i.kind}|${i.id}`, i]));

  const problems: CsvProblem[] = [];
  const turns = turnTaker(1000);
  for (const row of rows) {
    await turns.tick();
    const known = savedBySku.get(row.sku.toLowerCase());
    const item = items.get(`${row.kind}|${row.handle}`);
    if (known) {
      const owner = itemById.get(`${known.kind}|${known.item_id}`) ?? (await ownerOf(trx, known.kind, known.item_id));
      if (!owner || owner.slug !== row.handle || known.kind !== row.kind) {
        problems.push({
          line: row.line,
          message: importMessages.skuElsewhere(
            row.line,
            row.sku,
            owner ? `${owner.name} (${owner.slug})` : "another item",
          ),
        });
        continue;
      }
      if (optionsKey(optionsOfRow(known)) !== optionsKey(row))
        problems.push({
          line: row.line,
          message: importMessages.otherChoices(row.line, known.sku, optionsLabel(optionsOfRow(known))),
        });
    } else if (item) {
      const taken = savedCombos.get(`${row.kind}|${item.id}|${optionsKey(row)}`);
      if (taken && !file.skus.has(taken.sku.toLowerCase()))
        problems.push({
          line: row.line,
          message: importMessages.comboTaken(row.line, item.name, optionsLabel(row), taken.sku),
        });
    }
    const barcodeSku = row.barcode ? barcodeOwner.get(row.barcode) : undefined;
    if (barcodeSku && barcodeSku.toLowerCase() !== row.sku.toLowerCase() && !file.skus.has(barcodeSku.toLowerCase()))
      problems.push({ line: row.line, message: importMessages.barcodeTaken(row.line, row.barcode!, barcodeSku) });
    if (row.kind === "flavour" && row.deviceHandle && !items.has(`device|${row.deviceHandle}`)) {
      if (file.leftOut.has(row.deviceHandle))
        problems.push({ line: row.line, message: importMessages.deviceLeftOut(row.line, row.deviceHandle) });
      else if (!file.devices.has(row.deviceHandle))
        problems.push({ line: row.line, message: importMessages.noDevice(row.line, row.deviceHandle) });
    }
  }
  return problems;
}

/** The item a variant belongs to, by id (a SKU of the file that is another item's). */
async function ownerOf(trx: Db, kind: ItemKind, id: string) {
  const row = kind === "device" ? await repo.findDevice(trx, id) : await repo.findFlavour(trx, id);
  return row ? { slug: row.slug, name: row.name } : undefined;
}

// ---------- an item's facts after the import -------------------------------------------------------------------------
// An item of a catalogue file as it would be after the import (docs/decisions/069): its publishing answers and lists
// (the file's where it says them, else the shop's), those changes in words for the dry run, and the values its form
// would hold, for the checks publishing applies. Reads only.

/** What the item is after the import: its publishing answers and its lists of choices. */
export type ItemFacts = {
  rechargeable: boolean;
  refill: DeviceRefill | null;
  podMl: number | null;
  bottleMl: number | null;
  mhraEcid: string | null;
  nicotineMgMl: number;
  flavours: string[];
  strengths: number[];
  puffCounts: number[];
};

/** `list` with the new values added at its end, each once. */
const appendNew = <T>(list: readonly T[], values: readonly T[]): T[] => {
  const out = [...list];
  for (const value of values) if (!out.includes(value)) out.push(value);
  return out;
};

/** The item's facts after the import: the file's where it says them, else the shop's (a new item: none). */
export function factsOf(rows: CatalogCsvRow[], item: ItemRef | null, newRows: CatalogCsvRow[]): ItemFacts {
  const first = rows[0]!;
  const saved = item?.saved ?? null;
  const device = saved?.kind === "device" ? saved.row : null;
  const flavour = saved?.kind === "flavour" ? saved.row : null;
  const strengthsBefore = device
    ? numberList(device.nicotine_strengths)
    : flavour
      ? numberList(flavour.sizes)
      : ([] as number[]);
  const strengths = appendNew(
    strengthsBefore,
    newRows.map((r) => r.nicotineStrength),
  );
  const nicotineBefore = saved ? Number(saved.row.nicotine_mg_ml) : 0;
  return {
    rechargeable: first.rechargeable ?? (device ? Number(device.rechargeable) === 1 : false),
    refill: first.refill ?? device?.refill ?? null,
    podMl: first.podMl ?? (saved?.row.pod_ml == null ? null : Number(saved.row.pod_ml)),
    bottleMl: first.bottleMl ?? (flavour?.bottle_ml == null ? null : Number(flavour.bottle_ml)),
    mhraEcid: first.mhraEcid ?? saved?.row.mhra_ecid ?? null,
    nicotineMgMl: Math.max(nicotineBefore, ...newRows.map((r) => r.nicotineStrength)),
    flavours: appendNew(device ? textList(device.flavours) : [], newRows.map((r) => r.flavour).filter(Boolean)),
    strengths,
    puffCounts: appendNew(
      device ? numberList(device.puff_counts) : [],
      newRows.flatMap((r) => (r.puffCount === null ? [] : [r.puffCount])),
    ),
  };
}

/** What changes of an item the shop has, in words for the dry run: its answers, its MHRA number, its nicotine. */
export function factChanges(item: ItemRef, facts: ItemFacts): string[] {
  const saved = item.saved!;
  const row = saved.row;
  const out: string[] = [];
  if (saved.kind === "device") {
    if (facts.rechargeable !== (Number(saved.row.rechargeable) === 1))
      out.push(facts.rechargeable ? "rechargeable" : "not rechargeable");
    if (facts.refill !== saved.row.refill && facts.refill)
      out.push(`refill: ${refillLabels[facts.refill].toLowerCase()}`);
  }
  const before = (value: unknown) => (value == null ? null : Number(value));
  if (facts.podMl !== before(row.pod_ml)) out.push(`pod ${facts.podMl} ml`);
  if (saved.kind === "flavour" && facts.bottleMl !== before(saved.row.bottle_ml))
    out.push(`bottle ${facts.bottleMl} ml`);
  if (facts.mhraEcid !== (row.mhra_ecid ?? null)) out.push(`MHRA number ${facts.mhraEcid}`);
  if (facts.nicotineMgMl !== Number(row.nicotine_mg_ml))
    out.push(`nicotine ${Number(row.nicotine_mg_ml)} → ${facts.nicotineMgMl} mg/ml`);
  return out;
}

/** The item as its form would hold it after the import, for the checks publishing applies. */
export async function formValues(
  db: Db,
  rows: CatalogCsvRow[],
  item: ItemRef | null,
  facts: ItemFacts,
  images: string[],
): Promise<{ kind: "device"; values: DeviceValues } | { kind: "flavour"; values: FlavourValues } | null> {
  const first = rows[0]!;
  const common = {
    nicotineMgMl: String(facts.nicotineMgMl),
    podMl: facts.podMl === null ? "" : String(facts.podMl),
    mhraEcid: facts.mhraEcid ?? "",
  };
  if (first.kind === "device") {
    const saved = item && (await getDeviceEditor(db, item.id));
    if (item && !saved) return null;
    const values: DeviceValues = saved?.values ?? {
      name: first.name,
      slug: first.handle,
      description: first.description,
      price: centsToText(first.priceCents),
      originalPrice: "",
      flavours: "",
      nicotineStrengths: "",
      puffCounts: "",
      features: "",
      detailsDescription: "",
      specifications: "",
      nicotineMgMl: "",
      podMl: "",
      mhraEcid: "",
      rechargeable: "",
      refill: "",
      featured: "",
      position: "",
      images,
    };
    return {
      kind: "device",
      values: {
        ...values,
        ...common,
        flavours: facts.flavours.join("\n"),
        nicotineStrengths: facts.strengths.join("\n"),
        puffCounts: facts.puffCounts.join("\n"),
        rechargeable: facts.rechargeable ? "yes" : first.rechargeable === false || saved ? "no" : "",
        refill: facts.refill ?? "",
      },
    };
  }
  const saved = item && (await getFlavourEditor(db, item.id));
  if (item && !saved) return null;
  const values: FlavourValues = saved?.values ?? {
    name: first.name,
    slug: first.handle,
    description: first.description,
    // A new device of the file has no id yet; the check asks only that there is one.
    deviceId: "device-of-the-file",
    price: centsToText(first.priceCents),
    sizes: "",
    nicotineMgMl: "",
    podMl: "",
    bottleMl: "",
    mhraEcid: "",
    images,
  };
  return {
    kind: "flavour",
    values: {
      ...values,
      ...common,
      sizes: facts.strengths.join("\n"),
      bottleMl: facts.bottleMl === null ? "" : String(facts.bottleMl),
    },
  };
}
