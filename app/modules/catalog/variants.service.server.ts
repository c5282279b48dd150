import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";
import { newId } from "~/lib/ids.server";
import { fail, failFields, type FieldErrors, type Result } from "~/lib/result";
import { optionsOfRow, toVariant, type VariantRow } from "./catalog-rows.server";
import * as repo from "./variants.repository.server";
import { madeSku, optionsKey, optionsLabel, variantMessages, type Variant, type VariantOptions } from "./variants";
import type { VariantFieldsInput } from "./variants.schema";

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
  item: NewVariantsOf,
  combinations: { before: VariantOptions[]; after: VariantOptions[] },
  stamp: string,
): Promise<void> {
  const existing = await repo.findVariantsOf(trx, item.kind, [item.id], { archived: true });
  const known = new Set(existing.map((v) => optionsKey(optionsOfRow(v))));
  const listedBefore = new Set(combinations.before.map(optionsKey));
  const listed = new Set(combinations.after.map(optionsKey));
  for (const v of existing)
    if (Number(v.archived) === 0 && !listed.has(optionsKey(optionsOfRow(v))))
      await repo.updateVariant(trx, v.id, { archived: 1, updated_at: stamp });
  const added = combinations.after.filter((c) => !known.has(optionsKey(c)) && !listedBefore.has(optionsKey(c)));
  await addVariants(trx, item, added, stamp);
}

/**
 * The item new variants are made for; `liquidTenths`: the liquid each starts with (a flavour's pod or bottle size),
 * none (null) unless given.
 */
export type NewVariantsOf = { kind: ItemKind; id: string; slug: string; liquidTenths?: number | null };

/** New variants of an item for these combinations: SKUs made from its slug, its price, no stock, tracked. */
export async function addVariants(trx: Db, item: NewVariantsOf, added: VariantOptions[], stamp: string): Promise<void> {
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
      liquid_tenths: item.liquidTenths ?? null,
      created_at: stamp,
      updated_at: stamp,
    })),
  );
}

/** Staff's values for one variant of the item (checked by variantFieldsInput). */
export type VariantFieldsChange = VariantFieldsInput & { id: string };

/**
 * Saves staff's changes to an item's variants (SKU, barcode, own price, track stock, on sale, liquid) inside the caller's
 * transaction, all or none: every variant must be the item's (else 404), a SKU or barcode may be held by one variant
 * only, a variant sold again must still be one of the item's choices (`listed`), and one at least stays on sale.
 * Refusals are per field, keyed `<variant id>.<field>`; nothing is written then. A SKU or barcode may move from one
 * variant to another in the same save.
 */
export async function saveVariantFields(
  trx: Db,
  item: { kind: ItemKind; id: string; listed: VariantOptions[] },
  changes: VariantFieldsChange[],
  stamp: string,
): Promise<Result<{ changed: boolean }>> {
  const existing = await repo.findVariantsOf(trx, item.kind, [item.id], { archived: true });
  const byId = new Map(existing.map((v) => [v.id, v]));
  if (changes.some((c) => !byId.has(c.id))) return fail("not-found", "There is no such variant.");
  const listed = new Set(item.listed.map(optionsKey));
  const errors: FieldErrors = {
    ...(await clashes(trx, changes, byId, "sku", repo.findVariantsBySku, variantMessages.skuTaken)),
    ...(await clashes(trx, changes, byId, "barcode", repo.findVariantsByBarcode, variantMessages.barcodeTaken)),
  };
  for (const c of changes) {
    const v = byId.get(c.id)!;
    if (c.sold && Number(v.archived) === 1 && !listed.has(optionsKey(optionsOfRow(v))))
      errors[`${c.id}.sold`] = variantMessages.notListed(optionsLabel(optionsOfRow(v)));
  }
  const posted = new Map(changes.map((c) => [c.id, c]));
  const onSale = existing.filter((v) => posted.get(v.id)?.sold ?? Number(v.archived) === 0);
  const stopped = changes.find((c) => !c.sold);
  if (onSale.length === 0 && stopped) errors[`${stopped.id}.sold`] ??= variantMessages.lastOnSale;
  if (Object.keys(errors).length > 0) return failFields(errors);

  const rows = changes.map((c) => ({ change: c, row: toRowFields(c) }));
  const changed = rows.filter(({ change, row }) => differs(byId.get(change.id)!, row));
  // A SKU or barcode moving between two variants must first leave the one that has it: each gives its own up first.
  for (const { change, row } of changed) {
    const was = byId.get(change.id)!;
    if (was.sku !== row.sku || was.barcode !== row.barcode)
      await repo.updateVariant(trx, change.id, { sku: `~${change.id}`, barcode: null });
  }
  for (const { change, row } of changed) await repo.updateVariant(trx, change.id, { ...row, updated_at: stamp });
  return { ok: true, changed: changed.length > 0 };
}

const toRowFields = (c: VariantFieldsChange) => ({
  sku: c.sku,
  barcode: c.barcode,
  price_cents: c.price,
  track_stock: c.trackStock ? (1 as const) : (0 as const),
  archived: c.sold ? (0 as const) : (1 as const),
  liquid_tenths: c.liquid,
});

const differs = (was: VariantRow, row: ReturnType<typeof toRowFields>) =>
  was.sku !== row.sku ||
  was.barcode !== row.barcode ||
  (was.price_cents === null ? null : Number(was.price_cents)) !== row.price_cents ||
  Number(was.track_stock) !== row.track_stock ||
  Number(was.archived) !== row.archived ||
  (was.liquid_tenths === null ? null : Number(was.liquid_tenths)) !== row.liquid_tenths;

/**
 * The variants whose new SKU (or barcode) another would hold too: another posted one, or one not posted (of any item)
 * that keeps it. Only a changed value can clash (the database holds each once already).
 */
async function clashes(
  trx: Db,
  changes: VariantFieldsChange[],
  byId: Map<string, VariantRow>,
  field: "sku" | "barcode",
  holders: (db: Db, values: string[]) => Promise<VariantRow[]>,
  message: (value: string) => string,
): Promise<FieldErrors> {
  const posted = new Set(changes.map((c) => c.id));
  const typed = changes.flatMap((c) => (c[field] === null ? [] : [{ id: c.id, value: c[field] }]));
  const moved = typed.filter((t) => t.value !== byId.get(t.id)![field]);
  const holdersNotPosted = (
    await holders(
      trx,
      moved.map((t) => t.value),
    )
  ).filter((v) => !posted.has(v.id));
  const keptElsewhere = new Set(holdersNotPosted.map((v) => v[field]));
  const errors: FieldErrors = {};
  for (const t of moved)
    if (keptElsewhere.has(t.value) || typed.filter((other) => other.value === t.value).length > 1)
      errors[`${t.id}.${field}`] = message(t.value);
  return errors;
}

// ---------- the catalogue file (the back office: admin/catalog/csv/) ------------------------------------------------

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
