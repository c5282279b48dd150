// What a catalogue import writes for one planned item (issue 30; docs/decisions/042, 069), in the caller's transaction:
// a new item with its publishing answers, shown or a draft as planned, with its price's history started; an item the
// shop has with its answers, lists and shown state changed; each variant added or changed, its stock recorded.
import type { Db } from "~/db/database.server";
import { toJsonText } from "~/db/json-text";
import { newId } from "~/lib/ids.server";
import { fail, type Result } from "~/lib/result";
import type { SessionUser } from "~/modules/accounts/accounts";
import { recordPrice } from "~/modules/catalog/price-history.service.server";
import { findVariantRowsOf, insertVariantRows, updateVariantRow } from "~/modules/catalog/variants.service.server";
import { recordStartingStocks, setStockFromForm } from "~/modules/stock/stock.service.server";
import * as repo from "./catalog-admin.repository.server";
import type { ItemRef } from "./catalog-import-checks.server";
import type { ItemPlan } from "./catalog-import-plan.server";

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
