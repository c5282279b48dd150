import type { Db } from "~/db/database.server";
import type { CatalogCard } from "~/modules/catalog/catalog";
import { itemsOnSale } from "~/modules/catalog/catalog.service.server";
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

/** Cards for wishlist items that are still sold (devices and flavours), in the order asked. */
export async function wishlistCards(db: Db, items: Item[]): Promise<CatalogCard[]> {
  const onSale = await itemsOnSale(db, items);
  const cards: CatalogCard[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.kind}|${item.itemId}`;
    const found = onSale.get(key);
    if (!found || seen.has(key)) continue;
    seen.add(key);
    const { variants: _variants, ...card } = found;
    cards.push(card);
  }
  return cards;
}

export async function listWishlist(db: Db, userId: string): Promise<CatalogCard[]> {
  const rows = await repo.findWishlistRows(db, userId, 10_000);
  return wishlistCards(
    db,
    rows.map((r) => ({ kind: r.kind, itemId: r.item_id })),
  );
}
