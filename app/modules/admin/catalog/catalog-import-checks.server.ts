// A catalogue file checked against the shop before anything is written (issue 30; docs/decisions/042): a SKU stays
// with its item and its choices, a combination an item sells has one SKU, a barcode one owner, a flavour's device must
// exist. The file was already checked on its own (catalog-csv.server).
import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";
import type { CatalogCsvRow } from "~/modules/catalog/catalog-csv.server";
import type { CsvProblem } from "~/modules/catalog/catalog-csv";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { optionsKey, optionsLabel } from "~/modules/catalog/variants";
import { findVariantRowsOf, findVariantsByCodes } from "~/modules/catalog/variants.service.server";
import * as repo from "./catalog-admin.repository.server";
import { importMessages } from "./catalog-import";

const tables = { device: "devices", flavour: "flavours" } as const;

/** An item the file names: found in the shop by its handle, or made by the import (`isNew`). */
export type ItemRef = { kind: ItemKind; id: string; slug: string; name: string; priceCents: number; isNew: boolean };

/** What the shop holds of the file: its variants by SKU and barcode, and its items by `kind|handle`. */
export type ShopSide = Awaited<ReturnType<typeof findShopSide>>;

/** The shop's variants with the file's SKUs or barcodes, and the items (and flavours' devices) the file names. */
export async function findShopSide(trx: Db, rows: CatalogCsvRow[]) {
  const { bySku, byBarcode } = await findVariantsByCodes(trx, {
    skus: rows.map((r) => r.sku),
    barcodes: rows.flatMap((r) => (r.barcode ? [r.barcode] : [])),
  });
  const savedBySku = new Map(bySku.map((v) => [v.sku.toLowerCase(), v]));
  // The items the file names, found by handle in their table; the others are made (as drafts) by the import.
  const items = new Map<string, ItemRef>();
  const found = (kind: ItemKind, item: { id: string; slug: string; name: string; price_cents: unknown }) =>
    items.set(`${kind}|${item.slug}`, {
      kind,
      id: item.id,
      slug: item.slug,
      name: item.name,
      priceCents: Number(item.price_cents),
      isNew: false,
    });
  for (const kind of ["device", "flavour"] as const) {
    const handles = [...new Set(rows.filter((r) => r.kind === kind).map((r) => r.handle))];
    if (kind === "flavour") {
      const deviceHandles = [...new Set(rows.flatMap((r) => (r.deviceHandle ? [r.deviceHandle] : [])))];
      const unknown = deviceHandles.filter((h) => !items.has(`device|${h}`));
      for (const d of await repo.findItemsBySlug(trx, "devices", unknown)) found("device", d);
    }
    for (const item of await repo.findItemsBySlug(trx, tables[kind], handles)) found(kind, item);
  }
  return { bySku, byBarcode, savedBySku, items };
}

/** Every row's problems with the shop as it is; none means the file can be written. */
export async function problemsAgainstShop(trx: Db, rows: CatalogCsvRow[], shop: ShopSide): Promise<CsvProblem[]> {
  const { savedBySku, items } = shop;
  const barcodeOwner = new Map(shop.byBarcode.map((v) => [v.barcode!, v.sku]));
  const fileSkus = new Set(rows.map((r) => r.sku.toLowerCase()));
  const itemIds = (kind: ItemKind) => [...items.values()].filter((i) => i.kind === kind && !i.isNew).map((i) => i.id);
  const saved = [
    ...(await findVariantRowsOf(trx, "device", itemIds("device"))),
    ...(await findVariantRowsOf(trx, "flavour", itemIds("flavour"))),
  ];
  const savedCombos = new Map(saved.map((v) => [`${v.kind}|${v.item_id}|${optionsKey(optionsOfRow(v))}`, v]));
  const itemById = new Map([...items.values()].map((i) => [`${i.kind}|${i.id}`, i]));

  const problems: CsvProblem[] = [];
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
  return problems;
}

/** The item a variant belongs to, by id (a SKU of the file that is another item's). */
async function ownerOf(trx: Db, kind: ItemKind, id: string) {
  const row = kind === "device" ? await repo.findDevice(trx, id) : await repo.findFlavour(trx, id);
  return row ? { slug: row.slug, name: row.name } : undefined;
}
