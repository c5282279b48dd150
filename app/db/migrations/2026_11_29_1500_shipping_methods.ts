import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Shipping methods set in the back office (issue 64, docs/decisions/082): name, price including VAT in pence, days
  // to deliver, the weekdays it delivers on (0 Sunday … 6 Saturday, comma-separated), an order total from which it is
  // free, whether the customer picks the day, its place in the list, and when it was retired.
  await db.schema
    .createTable("shipping_methods")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("delivery_days", "integer", (c) => c.notNull())
    .addColumn("weekdays", "text", (c) => c.notNull())
    .addColumn("free_over_cents", "integer")
    .addColumn("customer_picks_day", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("retired_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // The specification's three (§9), with the ids orders already hold: existing shops go on as before. A scheduled
  // day kept its own price in SCHEDULED_SHIPPING_PRICE (never below Express's): that price moves into the table.
  const set = process.env.SCHEDULED_SHIPPING_PRICE;
  const schedule = set && /^\d{1,4}(\.\d{2})?$/.test(set) ? Math.max(Math.round(Number(set) * 100), 850) : 850;
  const now = new Date().toISOString();
  const every = "0,1,2,3,4,5,6";
  await db
    .insertInto("shipping_methods")
    .values(
      [
        { id: "free", name: "Free Shipping", price_cents: 0, delivery_days: 15, weekdays: every, position: 1 },
        { id: "express", name: "Express Shipping", price_cents: 850, delivery_days: 3, weekdays: every, position: 2 },
        {
          id: "schedule",
          name: "Scheduled Delivery",
          price_cents: schedule,
          delivery_days: 3,
          weekdays: "1,2,3,4,5,6",
          customer_picks_day: 1,
          position: 3,
        },
      ].map((m) => ({
        free_over_cents: null,
        customer_picks_day: 0,
        retired_at: null,
        ...m,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();

  // Each order keeps the method's name as placed (its id, price and day it kept already).
  await db.schema
    .alterTable("orders")
    .addColumn("shipping_name", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await sql`update orders set shipping_name = case shipping_method
    when 'free' then 'Free Shipping' when 'express' then 'Express Shipping' when 'schedule' then 'Scheduled Delivery'
    else shipping_method end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("orders").dropColumn("shipping_name").execute();
  await db.schema.dropTable("shipping_methods").execute();
}
