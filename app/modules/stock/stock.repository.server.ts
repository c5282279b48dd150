import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { StockMovementsTable } from "~/db/schema";
import type { StockKind } from "./stock";

// Every query of stock, which is kept per variant (docs/decisions/043). Each change is one conditional UPDATE, so no
// two writers can take the same unit and the quantity never goes below zero, on SQLite and PostgreSQL alike, however
// many server processes there are.

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

/** A variant's stock, with its item's kind, id and name and whether either is archived. */
export function findStock(db: Db, variantId: string) {
  return db
    .selectFrom("variants as v")
    .leftJoin("devices as d", (j) => j.onRef("d.id", "=", "v.item_id").on("v.kind", "=", "device"))
    .leftJoin("flavours as f", (j) => j.onRef("f.id", "=", "v.item_id").on("v.kind", "=", "flavour"))
    .select([
      "v.id",
      "v.kind",
      "v.item_id",
      "v.sku",
      "v.flavour",
      "v.nicotine_strength",
      "v.puff_count",
      "v.stock_quantity",
      "v.track_stock",
      sql<string>`coalesce(d.name, f.name, '')`.as("name"),
      sql<number>`case when v.archived = 1 or coalesce(d.archived, f.archived, 1) = 1 then 1 else 0 end`.as("archived"),
    ])
    .where("v.id", "=", variantId)
    .executeTakeFirst();
}

export async function insertMovements(db: Db, rows: Insertable<StockMovementsTable>[]): Promise<void> {
  await movementsInsert(db, rows)?.execute();
}

/** The insert of the history rows as a statement for the caller to run with its other writes; null when none. */
export const movementsInsert = (db: Db, rows: Insertable<StockMovementsTable>[]) =>
  rows.length > 0 ? db.insertInto("stock_movements").values(rows) : null;

/** An item's history (every variant), or one variant's. */
export function findMovements(db: Db, of: { kind: StockKind; itemId: string; variantId?: string }, limit: number) {
  let query = db
    .selectFrom("stock_movements as m")
    .leftJoin("variants as v", "v.id", "m.variant_id")
    .select([
      "m.id",
      "m.variant_id",
      "v.sku",
      "v.flavour",
      "v.nicotine_strength",
      "v.puff_count",
      "m.change",
      "m.quantity_after",
      "m.reason",
      "m.order_id",
      "m.note",
      "m.by_name",
      "m.created_at",
    ])
    .where("m.kind", "=", of.kind)
    .where("m.item_id", "=", of.itemId);
  if (of.variantId) query = query.where("m.variant_id", "=", of.variantId);
  return query.orderBy("m.created_at", "desc").orderBy("m.id", "desc").limit(limit).execute();
}

/** Tracked variants on sale at or under the threshold, fewest first, with their item's name. */
export function findLowStock(db: Db, threshold: number, limit: number) {
  return db
    .selectFrom("variants as v")
    .innerJoin("catalog_items as c", (j) => j.onRef("c.kind", "=", "v.kind").onRef("c.item_id", "=", "v.item_id"))
    .select([
      "v.kind",
      "c.item_id as id",
      "c.name",
      "v.id as variant_id",
      "v.sku",
      "v.flavour",
      "v.nicotine_strength",
      "v.puff_count",
      "v.stock_quantity",
    ])
    .where("c.visible", "=", 1)
    .where("v.archived", "=", 0)
    .where("v.track_stock", "=", 1)
    .where("v.stock_quantity", "<=", threshold)
    .orderBy("v.stock_quantity")
    .orderBy("c.name")
    .orderBy("v.sku")
    .limit(limit)
    .execute();
}

export function findOrderLines(db: Db, orderId: string) {
  return db
    .selectFrom("order_lines")
    .select(["kind", "item_id", "variant_id", "name", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
}

// ---------- 'Email me when it's back' ----------

/** One request per address and variant: asking again changes nothing. */
export async function insertAlert(
  db: Db,
  row: {
    id: string;
    kind: StockKind;
    item_id: string;
    variant_id: string;
    email: string;
    user_id: string | null;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto("stock_alerts")
    .values(row)
    .onConflict((oc) => oc.columns(["variant_id", "email"]).doNothing())
    .execute();
}

export function findAlerts(db: Db, variantId: string) {
  return db.selectFrom("stock_alerts").select(["id", "email"]).where("variant_id", "=", variantId).execute();
}

export async function deleteAlerts(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("stock_alerts").where("id", "in", ids).execute();
}
