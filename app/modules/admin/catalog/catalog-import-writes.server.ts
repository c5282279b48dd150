// What a catalogue import writes for a new item or new variants (issue 30; docs/decisions/042): a new item as a hidden
// draft with its price's history started, new variants with their starting stock, and an item's lists grown by their
// choices. Changes to variants the shop has are written by the import's service itself.
import type { Db } from "~/db/database.server";
import { numberList, textList, toJsonText } from "~/db/json-text";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import type { CatalogCsvRow } from "~/modules/catalog/catalog-csv.server";
import { recordPrice } from "~/modules/catalog/price-history.service.server";
import { findVariantRowsOf, insertVariantRows } from "~/modules/catalog/variants.service.server";
import { recordStartingStock } from "~/modules/stock/stock.service.server";
import * as repo from "./catalog-admin.repository.server";
import type { ItemRef } from "./catalog-import-checks.server";

/** The note on the stock movements an import records. */
export const IMPORT_NOTE = "CSV import";

/** The shop's own image paths are kept; this shop's absolute URLs become paths; other sites' are dropped. */
export function ownImages(images: string[], appUrl: string): { kept: string[]; dropped: boolean } {
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

const appendNew = <T>(list: T[], values: T[]) => [
  ...list,
  ...values.filter((v, i) => !list.includes(v) && values.indexOf(v) === i),
];

/** A new item of the file, saved as a draft (hidden) for staff to complete against the UK rules before it is shown. */
export async function createItem(
  trx: Db,
  actor: SessionUser,
  first: CatalogCsvRow,
  itemRows: CatalogCsvRow[],
  images: string[],
  device: ItemRef | undefined,
  at: Date,
): Promise<ItemRef> {
  const stamp = at.toISOString();
  const strengths = appendNew<number>(
    [],
    itemRows.map((r) => r.nicotineStrength),
  );
  const common = {
    id: newId(),
    slug: first.handle,
    name: first.name,
    description: first.description,
    images: toJsonText(images),
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
    await repo.insertFlavour(trx, { ...common, sizes: toJsonText(strengths), device_id: device!.id, bottle_ml: null });
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
export async function addRows(trx: Db, actor: SessionUser, item: ItemRef, rows: CatalogCsvRow[], stamp: string) {
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
