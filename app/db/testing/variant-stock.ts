import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";

// Stock in tests, which lives on variants (docs/decisions/043). Tests that buy a flavour buy its first size: the
// variant at position 0.

/** `where` condition on the flavours table: its first size has more than `units` in stock. */
export const firstSizeInStock = (units = 0) =>
  sql<boolean>`exists (select 1 from variants v where v.kind = 'flavour' and v.item_id = flavours.id
    and v.position = 0 and v.archived = 0 and v.track_stock = 1 and v.stock_quantity > ${units})`;

/** Sets the stock of every variant of an item (tracked unless told). */
export async function setItemStock(db: Db, kind: ItemKind, itemId: string, units: number, tracked = true) {
  await db
    .updateTable("variants")
    .set({ stock_quantity: units, track_stock: tracked ? 1 : 0 })
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .execute();
}

/** The units of an item's first variant (a flavour's first size), or of the one of this nicotine strength. */
export async function variantUnits(db: Db, kind: ItemKind, itemId: string, strength?: number): Promise<number> {
  let query = db.selectFrom("variants").select("stock_quantity").where("kind", "=", kind).where("item_id", "=", itemId);
  query = strength === undefined ? query.where("position", "=", 0) : query.where("nicotine_strength", "=", strength);
  return Number((await query.orderBy("position").executeTakeFirstOrThrow()).stock_quantity);
}

/** The units of every variant of these items together. */
export async function unitsOfItems(db: Db, kind: ItemKind, itemIds: string[]): Promise<number> {
  const row = await db
    .selectFrom("variants")
    .select((eb) => eb.fn.sum<number | string>("stock_quantity").as("n"))
    .where("kind", "=", kind)
    .where("item_id", "in", itemIds)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}
