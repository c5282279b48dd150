import type { Db } from "~/db/database.server";
import type { CatalogCard } from "~/modules/catalog/catalog";
import { wishlistKey } from "~/modules/accounts/shopper";
import type { ItemKind } from "./cart";

type Item = { kind: ItemKind; itemId: string };

async function itemExists(db: Db, { kind, itemId }: Item): Promise<boolean> {
  const row =
    kind === "device"
      ? await db.selectFrom("products").select("id").where("id", "=", itemId).where("archived", "=", 0).executeTakeFirst()
      : await db.selectFrom("flavours").select("id").where("id", "=", itemId).where("archived", "=", 0).executeTakeFirst();
  return Boolean(row);
}

/** `kind:itemId` of every item on the shopper's wishlist (the hearts on every page). */
export async function wishlistKeys(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom("wishlist_items").select(["kind", "item_id"]).where("user_id", "=", userId).orderBy("created_at", "desc").limit(1000).execute();
  return rows.map((row) => wishlistKey(row.kind as ItemKind, row.item_id));
}

export async function setWishlisted(db: Db, userId: string, item: Item, wanted: boolean): Promise<boolean> {
  if (!wanted) {
    await db.deleteFrom("wishlist_items").where("user_id", "=", userId).where("kind", "=", item.kind).where("item_id", "=", item.itemId).execute();
    return true;
  }
  if (!(await itemExists(db, item))) return false;
  await db
    .insertInto("wishlist_items")
    .values({ user_id: userId, kind: item.kind, item_id: item.itemId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
    .execute();
  return true;
}

/** Cards for wishlist items that are still sold (devices and flavours). */
export async function wishlistCards(db: Db, items: Item[]): Promise<CatalogCard[]> {
  const ids = (kind: ItemKind) => items.filter((i) => i.kind === kind).map((i) => i.itemId);
  const first = (json: string) => (JSON.parse(json) as string[])[0] ?? null;
  const devices = ids("device").length
    ? await db.selectFrom("products").select(["id", "name", "images", "price_cents"]).where("id", "in", ids("device")).where("archived", "=", 0).execute()
    : [];
  const flavours = ids("flavour").length
    ? await db.selectFrom("flavours as f").innerJoin("products as p", "p.id", "f.device_id").select(["f.id", "f.name", "f.images", "f.price_cents", "p.name as device_name"]).where("f.id", "in", ids("flavour")).where("f.archived", "=", 0).execute()
    : [];
  return [
    ...devices.map((d) => ({ kind: "device" as const, id: d.id, name: d.name, image: first(d.images), priceCents: d.price_cents, tag: "Device" })),
    ...flavours.map((f) => ({ kind: "flavour" as const, id: f.id, name: f.name, image: first(f.images), priceCents: f.price_cents, tag: f.device_name })),
  ];
}

export async function listWishlist(db: Db, userId: string): Promise<CatalogCard[]> {
  const rows = await db.selectFrom("wishlist_items").select(["kind", "item_id"]).where("user_id", "=", userId).orderBy("created_at", "desc").execute();
  return wishlistCards(db, rows.map((r) => ({ kind: r.kind as ItemKind, itemId: r.item_id })));
}
