/** The orders module's queries: the checkout choice an order is placed from, saving an order, reading orders. */
import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { JobsTable, OrderLinesTable, OrdersTable, StockMovementsTable } from "~/db/schema";

/**
 * The shopper's checkout state with its address (which must be their own) and age-check status. On PostgreSQL the
 * state is locked (FOR UPDATE) so one shopper places one order at a time; SQLite has one writer anyway.
 */
export function findCheckoutChoice(trx: Db, userId: string, lock: boolean) {
  const query = trx
    .selectFrom("checkout_state as c")
    .leftJoin("addresses as a", (join) => join.onRef("a.id", "=", "c.address_id").onRef("a.user_id", "=", "c.user_id"))
    .leftJoin("age_verifications as v", "v.user_id", "c.user_id")
    .select(["c.shipping_method", "c.delivery_date", "a.title", "a.type", "a.address", "a.phone", "v.status as age_status"])
    .where("c.user_id", "=", userId);
  return (lock ? query.forUpdate("c") : query).executeTakeFirst();
}

export async function findOrderIdByKey(db: Db, userId: string, key: string): Promise<string | null> {
  const row = await db.selectFrom("orders").select("id").where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();
  return row?.id ?? null;
}

export type NewOrder = {
  userId: string;
  orderRow: Insertable<OrdersTable>;
  lineRows: Array<Insertable<OrderLinesTable>>;
  jobRows: Array<Insertable<JobsTable>>;
  movements: Array<Insertable<StockMovementsTable>>;
  resetShipping: { shipping_method: null; delivery_date: null; updated_at: string };
};

/**
 * Saves the order, its lines, its jobs and stock movements, empties the cart and forgets the shipping choice (the
 * address stays chosen). PostgreSQL does it in one statement (data-modifying CTEs), SQLite in several.
 */
export async function saveOrder(trx: Db, o: NewOrder, postgres: boolean): Promise<void> {
  if (postgres) {
    const chain = trx
      .with("o", (q) => q.insertInto("orders").values(o.orderRow))
      .with("l", (q) => q.insertInto("order_lines").values(o.lineRows))
      .with("d", (q) => q.deleteFrom("cart_lines").where("user_id", "=", o.userId));
    // The CTEs' names are never read: the job rows and stock movements only ride along in the same statement.
    const withJobs = o.jobRows.length ? (chain.with("j", (q) => q.insertInto("jobs").values(o.jobRows)) as unknown as typeof chain) : chain;
    const full = o.movements.length ? (withJobs.with("m", (q) => q.insertInto("stock_movements").values(o.movements)) as unknown as typeof chain) : withJobs;
    await full.updateTable("checkout_state").set(o.resetShipping).where("user_id", "=", o.userId).execute();
    return;
  }
  await trx.insertInto("orders").values(o.orderRow).execute();
  await trx.insertInto("order_lines").values(o.lineRows).execute();
  if (o.jobRows.length) await trx.insertInto("jobs").values(o.jobRows).execute();
  await trx.deleteFrom("cart_lines").where("user_id", "=", o.userId).execute();
  await trx.updateTable("checkout_state").set(o.resetShipping).where("user_id", "=", o.userId).execute();
}

/** One of this shopper's orders (another shopper's id is not found). */
export const findOrderRow = (db: Db, userId: string, id: string) => db.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
export const findOrderLines = (db: Db, orderId: string) => db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute();

export const listOrderRows = (db: Db, userId: string) =>
  db.selectFrom("orders").select(["id", "status", "payment_status", "total_cents", "created_at"]).where("user_id", "=", userId).orderBy("created_at", "desc").limit(100).execute();
