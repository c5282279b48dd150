/** The orders module's queries: an order's rows (written through orders.service.server.ts by checkout's placement) and reading orders. */
import { sql, type Insertable } from "kysely";
import { isPostgres, type Db } from "~/db/database.server";
import type { OrderLinesTable, OrdersTable } from "~/db/schema";

export async function findOrderIdByKey(db: Db, userId: string, key: string): Promise<string | null> {
  const row = await db
    .selectFrom("orders")
    .select("id")
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The order's row and its lines, as statements for the placement to run with its other writes. */
export const orderInsert = (db: Db, row: Insertable<OrdersTable>) => db.insertInto("orders").values(row);
export const orderLinesInsert = (db: Db, rows: Array<Insertable<OrderLinesTable>>) =>
  db.insertInto("order_lines").values(rows);

/** One of this shopper's orders (another shopper's id is not found). */
export const findOrderRow = (db: Db, userId: string, id: string) =>
  db.selectFrom("orders").selectAll().where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
export const findOrderLines = (db: Db, orderId: string) =>
  db.selectFrom("order_lines").selectAll().where("order_id", "=", orderId).orderBy("position").execute();

export const listOrderRows = (db: Db, userId: string) =>
  db
    .selectFrom("orders")
    .select(["id", "status", "payment_status", "total_cents", "currency", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(100)
    .execute();

/** Orders waiting for payment (not paid, not cancelled, not on their way yet) with the units each holds. */
const unpaidHolds = (db: Db) =>
  db
    .selectFrom("orders as o")
    .innerJoin("order_lines as l", "l.order_id", "o.id")
    .where("o.status", "in", ["pending", "confirmed"])
    .where("o.payment_status", "=", "pending");

/** The account's orders waiting for payment and their units. */
export const findUnpaidHoldsOfUser = (db: Db, userId: string) =>
  unpaidHolds(db)
    .select(["o.id", (eb) => eb.fn.sum<number | string>("l.quantity").as("units")])
    .where("o.user_id", "=", userId)
    .groupBy("o.id")
    .execute();

/** The orders waiting for payment to a postcode, from any account, with their first address line and units. */
export const findUnpaidHoldsToPostcode = (db: Db, postcode: string) =>
  unpaidHolds(db)
    .select(["o.id", "o.address_line1", (eb) => eb.fn.sum<number | string>("l.quantity").as("units")])
    .where("o.address_postcode", "=", postcode)
    .groupBy(["o.id", "o.address_line1"])
    .execute();

/** The advisory locks' class for delivery addresses (any fixed number apart from the others the shop takes). */
const PLACE_LOCK_CLASS = 70;

/**
 * PostgreSQL: one order placed to this delivery place at a time, until the caller's transaction ends, so two accounts
 * ordering to one address at once cannot both pass its limit. SQLite has one writer at a time anyway.
 */
export async function lockDeliveryPlace(trx: Db, key: string): Promise<void> {
  if (isPostgres(trx))
    await sql`select pg_advisory_xact_lock(${sql.lit(PLACE_LOCK_CLASS)}, hashtext(${key}))`.execute(trx);
}

/** Takes the customer's name and address off their orders, their changes and their return requests' reasons, in the erasure's transaction (the orders stay). */
export async function eraseOrdersOf(
  db: Db,
  userId: string,
  words: { deletedCustomer: string; erased: string },
  stamp: string,
): Promise<void> {
  await db
    .updateTable("orders")
    .set({
      address_title: words.deletedCustomer,
      address_type: "",
      address_recipient: "",
      address_line1: words.erased,
      address_line2: "",
      address_town: "",
      address_postcode: "",
      address_phone: "",
      updated_at: stamp,
    })
    .where("user_id", "=", userId)
    .execute();
  await db
    .updateTable("order_events")
    .set({ by_name: words.deletedCustomer })
    .where("by_user_id", "=", userId)
    .execute();
  await db.updateTable("return_requests").set({ reason: words.erased }).where("user_id", "=", userId).execute();
}
