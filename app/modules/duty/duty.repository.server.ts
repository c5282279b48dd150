/**
 * The duty record's tables (docs/decisions/079), written here only: deliveries at goods in and their lines, and the
 * quarantined units returned or destroyed. None of it is personal data: kept for the records (6 years and more),
 * never erased by a customer's data rights. The stock itself moves through the stock module.
 */
import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { DutyDisposalsTable, GoodsInLinesTable, GoodsInTable } from "~/db/schema";

/** A variant by its SKU, with its item's name, whether it is archived, its price and its liquid. */
export function findVariantBySku(db: Db, sku: string) {
  return db
    .selectFrom("variants as v")
    .leftJoin("devices as d", (j) => j.onRef("d.id", "=", "v.item_id").on("v.kind", "=", "device"))
    .leftJoin("flavours as f", (j) => j.onRef("f.id", "=", "v.item_id").on("v.kind", "=", "flavour"))
    .select([
      "v.id",
      "v.kind",
      "v.item_id",
      "v.sku",
      "v.quarantined_units",
      "v.liquid_tenths",
      sql<string>`coalesce(d.name, f.name, '')`.as("name"),
      sql<number>`case when v.archived = 1 or coalesce(d.archived, f.archived, 1) = 1 then 1 else 0 end`.as("archived"),
    ])
    .where(sql`lower(v.sku)`, "=", sku.toLowerCase())
    .executeTakeFirst();
}

/** A variant's units held back from sale. */
export const findVariantHeld = (db: Db, variantId: string) =>
  db
    .selectFrom("variants")
    .select(["id", "kind", "item_id", "sku", "quarantined_units"])
    .where("id", "=", variantId)
    .executeTakeFirst();

export async function insertGoodsIn(db: Db, row: Insertable<GoodsInTable>, lines: Insertable<GoodsInLinesTable>[]) {
  await db.insertInto("goods_in").values(row).execute();
  if (lines.length > 0) await db.insertInto("goods_in_lines").values(lines).execute();
}

export async function insertDisposal(db: Db, row: Insertable<DutyDisposalsTable>) {
  await db.insertInto("duty_disposals").values(row).execute();
}

/** The latest deliveries, newest first, with their line count and units. */
export function latestDeliveries(db: Db, limit = 20) {
  return db
    .selectFrom("goods_in as g")
    .innerJoin("goods_in_lines as l", "l.goods_in_id", "g.id")
    .select([
      "g.id",
      "g.supplier",
      "g.invoice_reference",
      "g.approval_reference",
      "g.received_on",
      "g.by_name",
      (eb) => eb.fn.sum<number>("l.units").as("units"),
      (eb) => eb.fn.sum<number>("l.quarantined_units").as("quarantined"),
    ])
    .groupBy(["g.id", "g.supplier", "g.invoice_reference", "g.approval_reference", "g.received_on", "g.by_name"])
    .orderBy("g.received_on", "desc")
    .orderBy("g.created_at", "desc")
    .limit(limit)
    .execute();
}

/** Variants holding unstamped or quarantined units, with their name and price. */
export function dutyStock(db: Db) {
  return db
    .selectFrom("variants as v")
    .leftJoin("devices as d", (j) => j.onRef("d.id", "=", "v.item_id").on("v.kind", "=", "device"))
    .leftJoin("flavours as f", (j) => j.onRef("f.id", "=", "v.item_id").on("v.kind", "=", "flavour"))
    .select([
      "v.id",
      "v.sku",
      "v.flavour",
      "v.nicotine_strength",
      "v.unstamped_units",
      "v.quarantined_units",
      sql<string>`coalesce(d.name, f.name, '')`.as("name"),
      sql<number>`coalesce(v.price_cents, d.price_cents, f.price_cents, 0)`.as("price_cents"),
    ])
    .where((eb) => eb.or([eb("v.unstamped_units", ">", 0), eb("v.quarantined_units", ">", 0)]))
    .orderBy("v.sku")
    .execute();
}

/** Goods in between two days (inclusive), line by line. */
export function goodsInBetween(db: Db, from: string, to: string) {
  return db
    .selectFrom("goods_in as g")
    .innerJoin("goods_in_lines as l", "l.goods_in_id", "g.id")
    .select([
      "g.received_on",
      "g.supplier",
      "g.approval_reference",
      "g.invoice_reference",
      "l.sku",
      "l.units",
      "l.stamped",
      "l.made_before_duty",
      "l.sellable_units",
      "l.quarantined_units",
      "l.liquid_tenths",
      "l.stamp_code",
    ])
    .where("g.received_on", ">=", from)
    .where("g.received_on", "<=", to)
    .orderBy("g.received_on")
    .orderBy("g.created_at")
    .orderBy("g.invoice_reference")
    .orderBy("l.sku")
    .orderBy("l.stamped", "desc")
    .orderBy("l.units", "desc")
    .execute();
}

/** Unstamped units sold, put back by a cancellation, or held back at the cut-off, between two instants. */
export function unstampedMovementsBetween(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom("stock_movements as m")
    .innerJoin("variants as v", "v.id", "m.variant_id")
    .select(["m.created_at", "v.sku", "m.reason", "m.unstamped_change", "m.order_id"])
    .where("m.unstamped_change", "!=", 0)
    .where("m.created_at", ">=", fromIso)
    .where("m.created_at", "<", toIso)
    .orderBy("m.created_at")
    .orderBy("m.id")
    .execute();
}

/** Quarantined units returned or destroyed between two instants. */
export function disposalsBetween(db: Db, fromIso: string, toIso: string) {
  return db
    .selectFrom("duty_disposals")
    .selectAll()
    .where("created_at", ">=", fromIso)
    .where("created_at", "<", toIso)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
