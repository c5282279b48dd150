import { sql } from "kysely";
import type { Db } from "~/db/database.server";

// The stock quantity of a variant, a column of the catalogue's variants (docs/decisions/043, 072): the stock module
// asks for these changes through variant-stock.service.server.ts. Each is one conditional UPDATE, so no two writers
// can take the same unit and the quantity never goes below zero, on SQLite and PostgreSQL alike, however many server
// processes there are.

/** Takes `units` if that many are left; the quantity after, or undefined when there are not enough (or untracked). */
export async function takeUnits(db: Db, variantId: string, units: number): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({ stock_quantity: sql`stock_quantity - ${units}` })
    .where("id", "=", variantId)
    .where("track_stock", "=", 1)
    .where("stock_quantity", ">=", units)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** Adds (or, negative, removes) units if the result stays at zero or more; the quantity after, or undefined. */
export async function changeUnits(db: Db, variantId: string, change: number): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({ stock_quantity: sql`stock_quantity + ${change}`, stock_to_check: 0 })
    .where("id", "=", variantId)
    .where("track_stock", "=", 1)
    .where(sql<boolean>`stock_quantity + ${change} >= 0`)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** Sets the quantity only if it is still what the editor saw; the quantity after, or undefined if it moved. */
export async function setUnitsIf(
  db: Db,
  variantId: string,
  expected: number,
  next: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({ stock_quantity: next, stock_to_check: 0 })
    .where("id", "=", variantId)
    .where("stock_quantity", "=", expected)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}
