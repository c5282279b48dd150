import { sql } from "kysely";
import { isPostgres, type Db } from "~/db/database.server";

// The stock quantity of a variant, a column of the catalogue's variants (docs/decisions/043, 072): the stock module
// asks for these changes through variant-stock.service.server.ts. Each is one conditional UPDATE, so no two writers
// can take the same unit and the quantity never goes below zero, on SQLite and PostgreSQL alike, however many server
// processes there are. Of the quantity, `unstamped_units` are lawful unstamped units (docs/decisions/079): a sale
// takes them first while they may be sold, and never after; `quarantined_units` are outside the quantity.

/** What an order's line took: the quantity after, and how many of the units were unstamped. */
export type Taken = { after: number; unstampedTaken: number };

/**
 * Takes `units` if that many may be sold (with `unstampedSellable` false, the unstamped ones are not counted); unstamped
 * units first while they may be sold. Undefined when there are not enough (or the stock is not tracked).
 */
export async function takeUnits(
  db: Db,
  variantId: string,
  units: number,
  unstampedSellable = true,
): Promise<Taken | undefined> {
  // Most variants hold no unstamped units: one statement, as before.
  const plain = await db
    .updateTable("variants")
    .set({ stock_quantity: sql`stock_quantity - ${units}` })
    .where("id", "=", variantId)
    .where("track_stock", "=", 1)
    .where("unstamped_units", "=", 0)
    .where("stock_quantity", ">=", units)
    .returning("stock_quantity")
    .executeTakeFirst();
  if (plain) return { after: Number(plain.stock_quantity), unstampedTaken: 0 };
  // Some are unstamped (or there are not enough): read the row, locked on PostgreSQL, then take what may be taken.
  const read = db
    .selectFrom("variants")
    .select(["stock_quantity", "unstamped_units", "track_stock"])
    .where("id", "=", variantId);
  const row = await (isPostgres(db) ? read.forUpdate() : read).executeTakeFirst();
  if (!row || Number(row.track_stock) !== 1) return undefined;
  const unstamped = Number(row.unstamped_units);
  const sellable = Number(row.stock_quantity) - (unstampedSellable ? 0 : unstamped);
  if (unstamped === 0 || sellable < units) return undefined;
  const unstampedTaken = unstampedSellable ? Math.min(unstamped, units) : 0;
  const done = await db
    .updateTable("variants")
    .set({
      stock_quantity: sql`stock_quantity - ${units}`,
      unstamped_units: sql`unstamped_units - ${unstampedTaken}`,
    })
    .where("id", "=", variantId)
    .where("stock_quantity", "=", row.stock_quantity)
    .where("unstamped_units", "=", unstamped)
    .returning("stock_quantity")
    .executeTakeFirst();
  return done ? { after: Number(done.stock_quantity), unstampedTaken } : undefined;
}

/** The unstamped units can never be more than the quantity: a removal takes them down with it. */
const unstampedWithin = (quantity: ReturnType<typeof sql>) =>
  sql<number>`case when unstamped_units > ${quantity} then ${quantity} else unstamped_units end`;

/** Adds (or, negative, removes) units if the result stays at zero or more; the quantity after, or undefined. */
export async function changeUnits(db: Db, variantId: string, change: number): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({
      stock_quantity: sql`stock_quantity + ${change}`,
      unstamped_units: unstampedWithin(sql`stock_quantity + ${change}`),
      stock_to_check: 0,
    })
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
    .set({ stock_quantity: next, unstamped_units: unstampedWithin(sql`${next}`), stock_to_check: 0 })
    .where("id", "=", variantId)
    .where("stock_quantity", "=", expected)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/**
 * Adds units by their kind (goods in, a cancelled order's units back): stamped and lawful unstamped ones to the
 * quantity (the unstamped counted as such), quarantined ones beside it. The quantity after; undefined when untracked.
 */
export async function addUnitsByKind(
  db: Db,
  variantId: string,
  units: { stamped: number; unstamped: number; quarantined: number },
): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({
      stock_quantity: sql`stock_quantity + ${units.stamped + units.unstamped}`,
      unstamped_units: sql`unstamped_units + ${units.unstamped}`,
      quarantined_units: sql`quarantined_units + ${units.quarantined}`,
      stock_to_check: 0,
    })
    .where("id", "=", variantId)
    .where("track_stock", "=", 1)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** The variants holding unstamped units, and how many. */
export const variantsWithUnstamped = (db: Db) =>
  db.selectFrom("variants").select(["id", "unstamped_units"]).where("unstamped_units", ">", 0).orderBy("id").execute();

/**
 * Holds a variant's unstamped units back from sale (the cut-off): out of the quantity, into quarantine, if they are
 * still `units` (true when moved).
 */
export async function quarantineUnstamped(db: Db, variantId: string, units: number): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({
      stock_quantity: sql`stock_quantity - ${units}`,
      quarantined_units: sql`quarantined_units + ${units}`,
      unstamped_units: 0,
    })
    .where("id", "=", variantId)
    .where("unstamped_units", "=", units)
    .where("stock_quantity", ">=", units)
    .returning("stock_quantity")
    .executeTakeFirst();
  return row ? Number(row.stock_quantity) : undefined;
}

/** Takes quarantined units out (returned or destroyed) if that many are held; the quarantined units left, or undefined. */
export async function removeQuarantined(db: Db, variantId: string, units: number): Promise<number | undefined> {
  const row = await db
    .updateTable("variants")
    .set({ quarantined_units: sql`quarantined_units - ${units}` })
    .where("id", "=", variantId)
    .where("quarantined_units", ">=", units)
    .returning("quarantined_units")
    .executeTakeFirst();
  return row ? Number(row.quarantined_units) : undefined;
}
