import { itemTables } from "~/db/values";
import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { StockMovementsTable } from "~/db/schema";
import type { StockKind } from "./stock";

// Every query of stock. Each change is one conditional UPDATE, so no two writers can take the same unit and the
// quantity never goes below zero, on SQLite and PostgreSQL alike, however many server processes there are.

/** Takes `units` if that many are left; the quantity after, or undefined when there are not enough (or untracked). */
export async function takeUnits(db: Db, kind: StockKind, id: string, units: number): Promise<number | undefined> {
  const row = await db
    .updateTable(itemTables[kind])
    .set({ stock_quantity: sql`stock_quantity - ${units}` })
    .where("id", "=", id)
    .where("track_stock", "=", 1)
    .where("stock_quantity", ">=", units)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** Adds (or, negative, removes) units if the result stays at zero or more; the quantity after, or undefined. */
export async function changeUnits(db: Db, kind: StockKind, id: string, change: number): Promise<number | undefined> {
  const row = await db
    .updateTable(itemTables[kind])
    .set({ stock_quantity: sql`stock_quantity + ${change}` })
    .where("id", "=", id)
    .where("track_stock", "=", 1)
    .where(sql<boolean>`stock_quantity + ${change} >= 0`)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** Sets the quantity only if it is still what the editor saw; the quantity after, or undefined if it moved. */
export async function setUnitsIf(
  db: Db,
  kind: StockKind,
  id: string,
  expected: number,
  next: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable(itemTables[kind])
    .set({ stock_quantity: next })
    .where("id", "=", id)
    .where("stock_quantity", "=", expected)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

export function findStock(db: Db, kind: StockKind, id: string) {
  return db
    .selectFrom(itemTables[kind])
    .select(["id", "name", "stock_quantity", "track_stock", "archived"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertMovements(db: Db, rows: Insertable<StockMovementsTable>[]): Promise<void> {
  await movementsInsert(db, rows)?.execute();
}

/** The insert of the history rows as a statement for the caller to run with its other writes; null when none. */
export const movementsInsert = (db: Db, rows: Insertable<StockMovementsTable>[]) =>
  rows.length > 0 ? db.insertInto("stock_movements").values(rows) : null;

export function findMovements(db: Db, kind: StockKind, id: string, limit: number) {
  return db
    .selectFrom("stock_movements")
    .select(["id", "change", "quantity_after", "reason", "order_id", "note", "by_name", "created_at"])
    .where("kind", "=", kind)
    .where("item_id", "=", id)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** Tracked items on sale at or under the threshold, fewest first. */
export async function findLowStock(db: Db, threshold: number, limit: number) {
  const low = (table: "devices" | "flavours", kind: StockKind) =>
    db
      .selectFrom(table)
      .select([sql.lit<StockKind>(kind).as("kind"), "id", "name", "stock_quantity"])
      .where("archived", "=", 0)
      .where("track_stock", "=", 1)
      .where("stock_quantity", "<=", threshold);
  return db
    .selectFrom(low("devices", "device").unionAll(low("flavours", "flavour")).as("low"))
    .selectAll()
    .orderBy("stock_quantity")
    .orderBy("name")
    .limit(limit)
    .execute();
}

export function findOrderLines(db: Db, orderId: string) {
  return db
    .selectFrom("order_lines")
    .select(["kind", "item_id", "name", "quantity"])
    .where("order_id", "=", orderId)
    .execute();
}

// ---------- 'Email me when it's back' ----------

/** One request per address and item: asking again changes nothing. */
export async function insertAlert(
  db: Db,
  row: { id: string; kind: StockKind; item_id: string; email: string; user_id: string | null; created_at: string },
): Promise<void> {
  await db
    .insertInto("stock_alerts")
    .values(row)
    .onConflict((oc) => oc.columns(["kind", "item_id", "email"]).doNothing())
    .execute();
}

export function findAlerts(db: Db, kind: StockKind, id: string) {
  return db
    .selectFrom("stock_alerts")
    .select(["id", "email"])
    .where("kind", "=", kind)
    .where("item_id", "=", id)
    .execute();
}

export async function deleteAlerts(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom("stock_alerts").where("id", "in", ids).execute();
}
