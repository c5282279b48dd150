import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Every status or payment-status change of an order: what, from, to, who and when.
  await db.schema
    .createTable("order_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("field", "text", (c) => c.notNull()) // status | payment_status
    .addColumn("from_value", "text", (c) => c.notNull())
    .addColumn("to_value", "text", (c) => c.notNull())
    .addColumn("by_user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("order_events_order_idx")
    .on("order_events")
    .columns(["order_id", "created_at"])
    .execute();
  await db.schema.createIndex("orders_created_idx").on("orders").column("created_at").execute();

  // Images uploaded by staff: stored under UPLOAD_DIR by the hash of their content.
  await db.schema
    .createTable("uploads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  // Who marked a contact message handled, and when.
  await db.schema.alterTable("messages").addColumn("handled_at", "text").execute();
  await db.schema.alterTable("messages").addColumn("handled_by", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("messages").dropColumn("handled_by").execute();
  await db.schema.alterTable("messages").dropColumn("handled_at").execute();
  await db.schema.dropTable("uploads").execute();
  await db.schema.dropIndex("orders_created_idx").execute();
  await db.schema.dropTable("order_events").execute();
}
