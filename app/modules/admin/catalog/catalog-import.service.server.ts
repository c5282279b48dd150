/**
 * The catalogue in as CSV (issue 30; docs/decisions/042, 043; the export is catalog-export.service.server): the import
 * reads the shop's file or Shopify's product export and creates or updates variants by SKU (never deleting), all in
 * one transaction: a dry run shows each row's change and saves nothing, one bad row saves nothing.
 */
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { numberList, textList, toJsonText } from "~/db/json-text";
import type { ItemKind } from "~/db/values";
import { formatMoney } from "~/lib/money";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertStaff } from "~/modules/accounts/staff";
import {
  parseCatalogCsv,
  type CatalogCsvFormat,
  type CatalogCsvRow,
  type CsvProblem,
} from "~/modules/catalog/catalog-csv.server";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { recordPrice } from "~/modules/catalog/price-history.service.server";
import { optionsKey, optionsLabel } from "~/modules/catalog/variants";
import {
  findVariantRowsOf,
  findVariantsByCodes,
  insertVariantRows,
  updateVariantRow,
} from "~/modules/catalog/variants.service.server";
import { recordStartingStock, setStockFromForm } from "~/modules/stock/stock.service.server";
import * as repo from "./catalog-admin.repository.server";

const tables = { device: "devices", flavour: "flavours" } as const;
const IMPORT_NOTE = "CSV import";
/** A checked file waits this long for staff to import it. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export const importMessages = {
  noFile: "Choose a CSV file to import.",
  tooBig: (bytes: number, max: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the most a catalogue file may be is ${Math.round(max / 1024 / 1024)} MB.`,
  notText: "That file is not a CSV text file: save the spreadsheet as 'CSV UTF-8 (comma delimited)'.",
  expired: "That checked file has expired or was imported already: choose the file and check it again.",
  skuElsewhere: (line: number, sku: string, owner: string) =>
    `Line ${line}: SKU ${sku} belongs to ${owner}; a SKU stays with its item (give this row another SKU).`,
  otherChoices: (line: number, sku: string, saved: string) =>
    `Line ${line}: SKU ${sku} is ${saved} in the shop; change a variant's choices on its item's page, not in the file.`,
  comboTaken: (line: number, name: string, label: string, sku: string) =>
    `Line ${line}: ${name} already sells ${label}, as SKU ${sku}.`,
  barcodeTaken: (line: number, barcode: string, sku: string) =>
    `Line ${line}: the barcode ${barcode} is already SKU ${sku}'s.`,
  noDevice: (line: number, handle: string) =>
    `Line ${line}: there is no device with the handle ${handle}: add the device to the file or to the shop first.`,
  foreignImages:
    "Images from other sites are not imported (the shop shows only its own): upload them on the item's page.",
} as const;

/** What one row does: a new item (with its first variant), a new variant, changes to one, or nothing. */
export type ImportChange = {
  line: number;
  sku: string;
  item: string;
  variant: string;
  action: "new item" | "new variant" | "updated" | "unchanged";
  changes: string[];
};
export type ImportCounts = { newItems: number; newVariants: number; updated: number; unchanged: number };
export type ImportAnswer =
  | {
      ok: true;
      dryRun: boolean;
      format: CatalogCsvFormat;
      changes: ImportChange[];
      counts: ImportCounts;
      notes: string[];
      /** After a dry run: the checked file, waiting for 'Import'. */
      importId: string | null;
    }
  | { ok: false; format: CatalogCsvFormat | null; problems: CsvProblem[] };

class Rollback extends Error {
  constructor(readonly answer: ImportAnswer) {
    super("rolled back");
  }
}

/** The shop's own image paths are kept; this shop's absolute URLs become paths; other sites' are dropped. */
function ownImages(images: string[], appUrl: string): { kept: string[]; dropped: boolean } {
  const origin = (() => {
    try {
      return new URL(appUrl).origin;
    } catch {
      return null;
    }
  })();
  const kept: string[] = [];
  let dropped = false;
  for (const image of images) {
    if (image.startsWith("/") && !image.startsWith("//")) kept.push(image);
    else if (origin && image.startsWith(`${origin}/`)) kept.push(image.slice(origin.length));
    else dropped = true;
  }
  return { kept, dropped };
}

const money = (cents: number) => formatMoney(cents);
const appendNew = <T>(list: T[], values: T[]) => [
  ...list,
  ...values.filter((v, i) => !list.includes(v) && values.indexOf(v) === i),
];

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

type ItemRef = { kind: ItemKind; id: string; slug: string; name: string; priceCents: number; isNew: boolean };

async function apply(
  trx: Db,
  actor: SessionUser,
  rows: CatalogCsvRow[],
  format: CatalogCsvFormat,
  appUrl: string,
): Promise<ImportAnswer> {
  const problems: CsvProblem[] = [];
  const notes = new Set<string>();
  const at = new Date();
  const stamp = at.toISOString();
  const { bySku, byBarcode } = await findVariantsByCodes(trx, {
    skus: rows.map((r) => r.sku),
    barcodes: rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
  });
  const savedBySku = new Map(bySku.map((v) => [v.sku.toLowerCase(), v]));
  const barcodeOwner = new Map(byBarcode.map((v) => [v.barcode!, v.sku]));
  const fileSkus = new Set(rows.map((r) => r.sku.toLowerCase()));

  // The items the file names, found by handle in their table; the others are made (as drafts) below.
  const items = new Map<string, ItemRef>();
  for (const kind of ["device", "flavour"] as const) {
    const handles = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.handle))];
    if (kind === "flavour") {
      const deviceHandles = [...new Set(rows.flatMap((r) => (r.deviceHandle ? [r.deviceHandle] : [])))];
      for (const d of await repo.findItemsBySlug(
        trx,
        "devices",
        deviceHandles.filter((h) => !items.has(`device|${h}`)),
      ))
        items.set(`device|${d.slug}`, {
          kind: "device",
          id: d.id,
          slug: d.slug,
          name: d.name,
          priceCents: Number(d.price_cents),
          isNew: false,
        });
    }
    for (const item of await repo.findItemsBySlug(trx, tables[kind], handles))
      items.set(`${kind}|${item.slug}`, {
        kind,
        id: item.id,
        slug: item.slug,
        name: item.name,
        priceCents: Number(item.price_cents),
        isNew: false,
      });
  }
  const itemIds = (kind: ItemKind) => [...items.values()].filter((i) => i.kind === kind && !i.isNew).map((i) => i.id);
  const saved = [
    ...(await findVariantRowsOf(trx, "device", itemIds("device"))),
    ...(await findVariantRowsOf(trx, "flavour", itemIds("flavour"))),
  ];
  const savedCombos = new Map(saved.map((v) => [`${v.kind}|${v.item_id}|${optionsKey(optionsOfRow(v))}`, v]));
  const itemById = new Map([...items.values()].map((i) => [`${i.kind}|${i.id}`, i]));

  // Checks against the shop, every row, before anything is written.
  for (const row of rows) {
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
      if (taken && !fileSkus.has(taken.sku.toLowerCase()))
        problems.push({
          line: row.line,
          message: importMessages.comboTaken(row.line, item.name, optionsLabel(row), taken.sku),
        });
    }
    const barcodeSku = row.barcode ? barcodeOwner.get(row.barcode) : undefined;
    if (barcodeSku && barcodeSku.toLowerCase() !== row.sku.toLowerCase() && !fileSkus.has(barcodeSku.toLowerCase()))
      problems.push({ line: row.line, message: importMessages.barcodeTaken(row.line, row.barcode!, barcodeSku) });
    if (row.kind === "flavour" && row.deviceHandle && !items.has(`device|${row.deviceHandle}`)) {
      const inFile = rows.some((r) => r.kind === "device" && r.handle === row.deviceHandle);
      if (!inFile) problems.push({ line: row.line, message: importMessages.noDevice(row.line, row.deviceHandle) });
    }
  }
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
      item = await createItem(trx, actor, first, itemRows, items, appUrl, notes, at);
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

/** The item a variant belongs to, by id (a SKU of the file that is another item's). */
async function ownerOf(trx: Db, kind: ItemKind, id: string) {
  const row = kind === "device" ? await repo.findDevice(trx, id) : await repo.findFlavour(trx, id);
  return row ? { slug: row.slug, name: row.name } : undefined;
}

/** A new item of the file, saved as a draft (hidden) for staff to complete against the UK rules before it is shown. */
async function createItem(
  trx: Db,
  actor: SessionUser,
  first: CatalogCsvRow,
  itemRows: CatalogCsvRow[],
  items: Map<string, ItemRef>,
  appUrl: string,
  notes: Set<string>,
  at: Date,
): Promise<ItemRef> {
  const stamp = at.toISOString();
  const images = ownImages(first.images, appUrl);
  if (images.dropped) notes.add(importMessages.foreignImages);
  const strengths = appendNew<number>(
    [],
    itemRows.map((r) => r.nicotineStrength),
  );
  const common = {
    id: newId(),
    slug: first.handle,
    name: first.name,
    description: first.description,
    images: toJsonText(images.kept),
    price_cents: first.priceCents,
    nicotine_mg_ml: Math.max(...strengths),
    pod_ml: null,
    mhra_ecid: first.mhraEcid,
    archived: 1,
    created_at: stamp,
    updated_at: stamp,
  };
  if (first.kind === "device") {
    await repo.insertDevice(trx, {
      ...common,
      original_price_cents: null,
      flavours: toJsonText(appendNew<string>([], itemRows.map((r) => r.flavour).filter(Boolean))),
      nicotine_strengths: toJsonText(strengths),
      puff_counts: toJsonText(
        appendNew<number>(
          [],
          itemRows.flatMap((r) => (r.puffCount === null ? [] : [r.puffCount])),
        ),
      ),
      features: toJsonText([]),
      details_description: "",
      specifications: toJsonText([]),
      rechargeable: 0,
      refill: null,
      featured: 0,
      position: await repo.nextDevicePosition(trx),
    });
  } else {
    const device = items.get(`device|${first.deviceHandle}`)!;
    await repo.insertFlavour(trx, { ...common, sizes: toJsonText(strengths), device_id: device.id, bottle_ml: null });
  }
  // Its price starts its history, as an item saved from the form does.
  await recordPrice(trx, { kind: first.kind, id: common.id }, first.priceCents, actor.id, at);
  return {
    kind: first.kind,
    id: common.id,
    slug: first.handle,
    name: first.name,
    priceCents: first.priceCents,
    isNew: true,
  };
}

/** The file's new variants of an item, with their stock recorded, and the item's lists grown by their choices. */
async function addRows(trx: Db, actor: SessionUser, item: ItemRef, rows: CatalogCsvRow[], stamp: string) {
  const existing = await findVariantRowsOf(trx, item.kind, [item.id]);
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
    position: position++,
    archived: 0,
    created_at: stamp,
    updated_at: stamp,
  }));
  await insertVariantRows(trx, made);
  for (const v of made)
    await recordStartingStock(
      trx,
      actor,
      { kind: item.kind, itemId: item.id, variantId: v.id },
      v.stock_quantity,
      stamp,
      IMPORT_NOTE,
    );
  if (item.isNew) return;
  const lists = await findItemLists(trx, item);
  if (item.kind === "device")
    await repo.updateItemLists(
      trx,
      "devices",
      item.id,
      {
        flavours: toJsonText(appendNew(textList(lists.flavours), rows.map((r) => r.flavour).filter(Boolean))),
        nicotine_strengths: toJsonText(
          appendNew(
            numberList(lists.nicotine_strengths),
            rows.map((r) => r.nicotineStrength),
          ),
        ),
        puff_counts: toJsonText(
          appendNew(
            numberList(lists.puff_counts),
            rows.flatMap((r) => (r.puffCount === null ? [] : [r.puffCount])),
          ),
        ),
      },
      stamp,
    );
  else
    await repo.updateItemLists(
      trx,
      "flavours",
      item.id,
      {
        sizes: toJsonText(
          appendNew(
            numberList(lists.sizes),
            rows.map((r) => r.nicotineStrength),
          ),
        ),
      },
      stamp,
    );
}

async function findItemLists(trx: Db, item: ItemRef) {
  if (item.kind === "device") {
    const row = await repo.findDevice(trx, item.id);
    return {
      flavours: row!.flavours,
      nicotine_strengths: row!.nicotine_strengths,
      puff_counts: row!.puff_counts,
      sizes: null,
    };
  }
  const row = await repo.findFlavour(trx, item.id);
  return { flavours: null, nicotine_strengths: null, puff_counts: null, sizes: row!.sizes };
}
