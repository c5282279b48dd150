import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { MAX_QUANTITY, type GuestLine, type LineIdentity } from "./cart";

export function findCartRows(db: Db, userId: string) {
  return db.selectFrom("cart_lines").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("item_id").execute();
}

/** Adds the quantity to the line, or makes the line; never above the maximum. */
export async function upsertLine(db: Db, userId: string, line: GuestLine) {
  await db
    .insertInto("cart_lines")
    .values({
      user_id: userId,
      kind: line.kind,
      item_id: line.itemId,
      flavor: line.flavor,
      nicotine_strength: line.nicotineStrength,
      puff_count: line.puffCount,
      quantity: Math.min(line.quantity, MAX_QUANTITY),
      created_at: new Date().toISOString(),
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "kind", "item_id", "flavor", "nicotine_strength"]).doUpdateSet({
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
    .where("flavor", "=", line.flavor)
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
    .where("flavor", "=", line.flavor)
    .where("nicotine_strength", "=", line.nicotineStrength)
    .execute();
}

export async function countLines(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom("cart_lines").select((eb) => eb.fn.countAll<number | string>().as("n")).where("user_id", "=", userId).executeTakeFirstOrThrow();
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

/** The sellable facts of the items in a cart: not archived, with their options. */
export async function findSellableItems(db: Db, deviceIds: string[], flavourIds: string[]) {
  const devices = deviceIds.length
    ? await db
        .selectFrom("products")
        .select(["id", "name", "images", "price_cents", "flavors", "nicotine_strengths", "puff_counts", "stock_quantity", "track_stock"])
        .where("id", "in", deviceIds)
        .where("archived", "=", 0)
        .execute()
    : [];
  const flavours = flavourIds.length
    ? await db
        .selectFrom("flavours as f")
        .innerJoin("products as p", "p.id", "f.device_id")
        .select(["f.id", "f.name", "f.images", "f.price_cents", "f.sizes", "f.stock_quantity", "f.track_stock", "p.name as device_name"])
        .where("f.id", "in", flavourIds)
        .where("f.archived", "=", 0)
        .where("p.archived", "=", 0)
        .execute()
    : [];
  return { devices, flavours };
}
