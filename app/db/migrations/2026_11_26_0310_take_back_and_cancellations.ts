import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // WEEE take-back (docs/decisions/041): a customer who bought a device may send an old one back free of charge.
  // One request per order; kept four years (keep_until), without personal data of its own: the order says who.
  await db.schema
    .createTable("take_back_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("devices", "integer", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // requested | received
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("received_at", "text")
    .addColumn("received_by_id", "text")
    .addColumn("received_by_name", "text")
    .addColumn("keep_until", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("take_back_requests_status_idx")
    .on("take_back_requests")
    .columns(["status", "requested_at"])
    .execute();
  // A cancellation a customer sent by e-mail (the model form or any clear statement), recorded by staff
  // (docs/decisions/040): how and when it arrived, who recorded it, and what it did to the order.
  await db.schema
    .createTable("cancellation_notices")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("channel", "text", (c) => c.notNull()) // model-form | statement
    .addColumn("received_on", "text", (c) => c.notNull()) // the shop day it arrived, YYYY-MM-DD
    .addColumn("outcome", "text", (c) => c.notNull()) // cancelled | return
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("recorded_by_id", "text")
    .addColumn("recorded_by_name", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("cancellation_notices").execute();
  await db.schema.dropIndex("take_back_requests_status_idx").execute();
  await db.schema.dropTable("take_back_requests").execute();
}
