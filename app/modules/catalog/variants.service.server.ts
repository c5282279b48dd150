import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";
import { newId } from "~/lib/ids.server";
import { toVariant } from "./catalog-rows.server";
import * as repo from "./variants.repository.server";
import { madeSku, optionsKey, type Variant, type VariantOptions } from "./variants";

/** Every variant of an item, archived ones too, in their order, at their own price or the item's (the back office). */
export async function listItemVariants(
  db: Db,
  kind: ItemKind,
  itemId: string,
  itemPriceCents: number,
): Promise<Variant[]> {
  const rows = await repo.findVariantsOf(db, kind, [itemId], { archived: true });
  return rows.map((row) => toVariant(row, itemPriceCents));
}

/** SKUs made from these bases that no variant uses yet (nor each other): 'bar-mint-10mg', then '…-2', '…-3'. */
export async function freeSkus(db: Db, bases: string[]): Promise<string[]> {
  const taken = new Set((await repo.findVariantsBySku(db, bases)).map((v) => v.sku));
  const isTaken = async (sku: string) => taken.has(sku) || (await repo.findVariantsBySku(db, [sku])).length > 0;
  const chosen: string[] = [];
  for (const base of bases) {
    let sku = base;
    for (let n = 2; await isTaken(sku); n++) sku = `${base}-${n}`;
    taken.add(sku);
    chosen.push(sku);
  }
  return chosen;
}

/**
 * Keeps an item's variants in step with the choices its form lists, inside the form's transaction. `before` and
 * `after` are the combinations the lists made before and after the save: a combination the new lists make and the old
 * did not (a flavour or strength just added) becomes a variant (SKU made from the slug, the item's price, no stock,
 * tracked), unless it has one already; a variant whose combination can no longer be chosen is archived (kept: orders
 * and history point at it). A combination the lists made before without a variant (one staff stopped selling, or an
 * import did not list) is left as it is.
 */
export async function syncVariants(
  trx: Db,
  item: { kind: ItemKind; id: string; slug: string },
  combinations: { before: VariantOptions[]; after: VariantOptions[] },
  stamp: string,
): Promise<void> {
  const existing = await repo.findVariantsOf(trx, item.kind, [item.id], { archived: true });
  const known = new Set(existing.map((v) => optionsKey(toOptions(v))));
  const listedBefore = new Set(combinations.before.map(optionsKey));
  const listed = new Set(combinations.after.map(optionsKey));
  for (const v of existing)
    if (Number(v.archived) === 0 && !listed.has(optionsKey(toOptions(v))))
      await repo.updateVariant(trx, v.id, { archived: 1, updated_at: stamp });
  const added = combinations.after.filter((c) => !known.has(optionsKey(c)) && !listedBefore.has(optionsKey(c)));
  await addVariants(trx, item, added, stamp);
}

/** New variants of an item for these combinations: SKUs made from its slug, its price, no stock, tracked. */
export async function addVariants(
  trx: Db,
  item: { kind: ItemKind; id: string; slug: string },
  added: VariantOptions[],
  stamp: string,
): Promise<void> {
  if (added.length === 0) return;
  const skus = await freeSkus(
    trx,
    added.map((c) => madeSku(item.slug, c)),
  );
  let position = await repo.nextVariantPosition(trx, item.kind, item.id);
  await repo.insertVariants(
    trx,
    added.map((c, i) => ({
      id: newId(),
      kind: item.kind,
      item_id: item.id,
      sku: skus[i]!,
      barcode: null,
      flavour: c.flavour,
      nicotine_strength: c.nicotineStrength,
      puff_count: c.puffCount,
      price_cents: null,
      stock_quantity: 0,
      track_stock: 1,
      position: position++,
      archived: 0,
      created_at: stamp,
      updated_at: stamp,
    })),
  );
}

const toOptions = (v: { flavour: string; nicotine_strength: number; puff_count: number | null }): VariantOptions => ({
  flavour: v.flavour,
  nicotineStrength: Number(v.nicotine_strength),
  puffCount: v.puff_count === null ? null : Number(v.puff_count),
});

// ---------- the catalogue file (the back office's import and export: admin/catalog/catalog-import.service) ----------

/** The variants with these SKUs or barcodes, archived ones too (what an import must not collide with). */
export async function findVariantsByCodes(db: Db, codes: { skus: string[]; barcodes: string[] }) {
  const rows = [];
  for (let i = 0; i < codes.skus.length; i += 500)
    rows.push(...(await repo.findVariantsBySku(db, codes.skus.slice(i, i + 500))));
  const byBarcode = [];
  for (let i = 0; i < codes.barcodes.length; i += 500)
    byBarcode.push(...(await repo.findVariantsByBarcode(db, codes.barcodes.slice(i, i + 500))));
  return { bySku: rows, byBarcode };
}

/** Every variant of these items, archived ones too, in their order (the export, and an import's checks). */
export async function findVariantRowsOf(db: Db, kind: ItemKind, itemIds: string[]) {
  const rows = [];
  for (let i = 0; i < itemIds.length; i += 500)
    rows.push(...(await repo.findVariantsOf(db, kind, itemIds.slice(i, i + 500), { archived: true })));
  return rows;
}

export const insertVariantRows = repo.insertVariants;
export const updateVariantRow = repo.updateVariant;
