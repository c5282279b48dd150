import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { StockMovementsTable } from "~/db/schema";
import type { StockKind } from "./stock";

// Every query of stock, which is kept per variant (docs/decisions/043): its history, its back-in-stock requests and
// the reads. The quantity itself is a column of the catalogue's variants, so its conditional updates are the
// catalogue's (catalog/variant-stock.repository.server.ts, docs/decisions/072).

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
      "v.unstamped_units",
      "v.quarantined_units",
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

/** How many unstamped units an order took of each variant (its sale's movements, docs/decisions/079). */
export async function unstampedTakenByOrder(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("stock_movements")
    .select(["variant_id", (eb) => eb.fn.sum<number>("unstamped_change").as("unstamped")])
    .where("order_id", "=", orderId)
    .where("reason", "=", "order")
    .groupBy("variant_id")
    .execute();
  return new Map(rows.map((r) => [r.variant_id, -Number(r.unstamped ?? 0)]));
}

/** Unstamped units already put back from an order's returns, per variant. */
export async function unstampedReturnedToOrder(db: Db, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("stock_movements")
    .select(["variant_id", (eb) => eb.fn.sum<number>("unstamped_change").as("unstamped")])
    .where("order_id", "=", orderId)
    .where("reason", "=", "returned")
    .groupBy("variant_id")
    .execute();
  return new Map(rows.map((r) => [r.variant_id, Number(r.unstamped ?? 0)]));
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
