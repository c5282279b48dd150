import type { Db } from "~/db/database.server";
import { firstText } from "~/db/json-text";
import type { CatalogCard } from "~/modules/catalog/catalog";
import { stockOf } from "~/modules/catalog/catalog-rows.server";
import { wishlistKey } from "./shopper";
import type { ItemKind } from "./cart";
import * as repo from "./cart.repository.server";

type Item = { kind: ItemKind; itemId: string };

/** `kind:itemId` of every item on the shopper's wishlist (the hearts on every page). */
export async function wishlistKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await repo.findWishlistRows(db, userId);
  return rows.map((row) => wishlistKey(row.kind, row.item_id));
}

/** Adds (only an item still sold: false otherwise) or removes an item; adding twice keeps one. */
export async function setWishlisted(db: Db, userId: string, item: Item, wanted: boolean): Promise<boolean> {
  if (!wanted) {
    await repo.deleteWishlistItem(db, userId, item.kind, item.itemId);
    return true;
  }
  if (!(await repo.itemIsSold(db, item.kind, item.itemId))) return false;
  await repo.insertWishlistItem(db, userId, item.kind, item.itemId, new Date().toISOString());
  return true;
}

/** Cards for wishlist items that are still sold (devices and flavours). */
export async function wishlistCards(db: Db, items: Item[]): Promise<CatalogCard[]> {
  const ids = (kind: ItemKind) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const { devices, flavours } = await repo.findWishlistCardRows(db, ids("device"), ids("flavour"));
  return [
    ...devices.map((d) => ({
      kind: "device" as const,
      id: d.id,
      name: d.name,
      image: firstText(d.images),
      priceCents: d.price_cents,
      tag: "Device",
      stock: stockOf(d),
    })),
    ...flavours.map((f) => ({
      kind: "flavour" as const,
      id: f.id,
      name: f.name,
      image: firstText(f.images),
      priceCents: f.price_cents,
      tag: f.device_name,
      stock: stockOf(f),
    })),
  ];
}

export async function listWishlist(db: Db, userId: string): Promise<CatalogCard[]> {
  const rows = await repo.findWishlistRows(db, userId, 10_000);
  return wishlistCards(
    db,
    rows.map((r) => ({ kind: r.kind, itemId: r.item_id })),
  );
}
