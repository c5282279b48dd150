import { sql } from "kysely";
import { compiledOnce } from "~/db/compiled-once.server";
import type { Db } from "~/db/database.server";
import { MAX_QUANTITY, type GuestLine, type ItemKind, type LineIdentity } from "./cart";

/** Empties the shopper's cart (a statement for the caller to run: an order empties it with its other writes). */
export const emptyCart = (db: Db, userId: string) => db.deleteFrom("cart_lines").where("user_id", "=", userId);

/** The shopper's cart lines, oldest first (read on every signed-in cart page: compiled once, docs/decisions/065). */
export const findCartRows = compiledOnce((db: Db, userId: string) =>
  db.selectFrom("cart_lines").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("item_id"),
);

/** Adds the quantity to the line, or makes the line; never above the maximum. */
export async function upsertLine(db: Db, userId: string, line: GuestLine) {
  await db
    .insertInto("cart_lines")
    .values({
      user_id: userId,
      kind: line.kind,
      item_id: line.itemId,
      flavour: line.flavour,
      nicotine_strength: line.nicotineStrength,
      puff_count: line.puffCount,
      quantity: Math.min(line.quantity, MAX_QUANTITY),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "kind", "item_id", "flavour", "nicotine_strength"]).doUpdateSet({
        quantity: sql`case when cart_lines.quantity + excluded.quantity > ${MAX_QUANTITY} then ${MAX_QUANTITY} else cart_lines.quantity + excluded.quantity end`,
      }),
    )
    .execute();
}

const whereLine = (db: Db, userId: string, line: LineIdentity) =>
  db
    .updateTable("cart_lines")
    .where("user_id", "=", userId)
    .where("kind", "=", line.kind)
    .where("item_id", "=", line.itemId)
    .where("flavour", "=", line.flavour)
    .where("nicotine_strength", "=", line.nicotineStrength);

export async function setQuantity(db: Db, userId: string, line: LineIdentity, quantity: number) {
  await whereLine(db, userId, line).set({ quantity }).execute();
}

export async function deleteLine(db: Db, userId: string, line: LineIdentity) {
  await db
    .deleteFrom("cart_lines")
    .where("user_id", "=", userId)
    .where("kind", "=", line.kind)
    .where("item_id", "=", line.itemId)
    .where("flavour", "=", line.flavour)
    .where("nicotine_strength", "=", line.nicotineStrength)
    .execute();
}

export async function countLines(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom("cart_lines")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records a guest cart as merged; false when it was merged before. */
export async function recordMerge(db: Db, userId: string, token: string): Promise<boolean> {
  const result = await db
    .insertInto("guest_merges")
    .values({ user_id: userId, token, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "token"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Whether a device or flavour is still sold (not archived). */
export async function itemIsSold(db: Db, kind: ItemKind, itemId: string): Promise<boolean> {
  const row =
    kind === "device"
      ? await db
          .selectFrom("devices")
          .select("id")
          .where("id", "=", itemId)
          .where("archived", "=", 0)
          .executeTakeFirst()
      : await db
          .selectFrom("flavours")
          .select("id")
          .where("id", "=", itemId)
          .where("archived", "=", 0)
          .executeTakeFirst();
  return Boolean(row);
}

/** The shopper's wishlist, newest first. */
export const findWishlistRows = (db: Db, userId: string, limit = 1000) =>
  db
    .selectFrom("wishlist_items")
    .select(["kind", "item_id"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();

export const deleteWishlistItem = (db: Db, userId: string, kind: ItemKind, itemId: string) =>
  db
    .deleteFrom("wishlist_items")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .execute();

export const insertWishlistItem = (db: Db, userId: string, kind: ItemKind, itemId: string, at: string) =>
  db
    .insertInto("wishlist_items")
    .values({ user_id: userId, kind, item_id: itemId, created_at: at })
    .onConflict((oc) => oc.columns(["user_id", "kind", "item_id"]).doNothing())
    .execute();

/** Deletes the account's cart, wishlist and record of guest carts merged ('Delete my account'). */
export async function deleteShopperRowsOf(trx: Db, userId: string): Promise<void> {
  await trx.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
  await trx.deleteFrom("wishlist_items").where("user_id", "=", userId).execute();
  await trx.deleteFrom("guest_merges").where("user_id", "=", userId).execute();
}
