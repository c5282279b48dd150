// A catalogue file checked against the shop before anything is written (issue 30; docs/decisions/042, 069): a SKU
// stays with its item and its choices, a combination an item sells has one SKU, a barcode one owner, a flavour's device
// must exist. The file was already checked on its own (catalog-csv.server). The rows checked may be a part of the file
// (a batch of the import): `ImportFile` holds what the whole file says.
import type { Selectable } from "kysely";
import type { Db } from "~/db/database.server";
import { readInTurns, turnTaker } from "~/lib/take-turns.server";
import type { DevicesTable, FlavoursTable } from "~/db/schema";
import type { ItemKind } from "~/db/values";
import type { CatalogCsvRow } from "~/modules/catalog/catalog-csv.server";
import type { CsvProblem } from "~/modules/catalog/catalog-csv";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { optionsKey, optionsLabel } from "~/modules/catalog/variants";
import { findVariantRowsOf, findVariantsByCodes } from "~/modules/catalog/variants.service.server";
import * as repo from "./catalog-admin.repository.server";
import { importMessages } from "./catalog-import";

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
