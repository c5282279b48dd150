import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A return asked for within the 14-day cancellation period (docs/decisions/020): one per order, decided by staff.
  await db.schema
    .createTable("return_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().unique().references("orders.id"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull()) // requested | accepted | refused
    .addColumn("staff_note", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by_id", "text")
    .addColumn("decided_by_name", "text")
    .execute();
  await db.schema
    .createIndex("return_requests_status_idx")
    .on("return_requests")
    .columns(["status", "requested_at"])
    .execute();
  // Contact messages sent while signed in belong to that account (its data export; erased with it).
  await db.schema.alterTable("messages").addColumn("user_id", "text").execute();
  await db.schema.createIndex("messages_user_idx").on("messages").column("user_id").execute();
  // When the account was erased: the row stays (its orders point at it) with placeholders instead of personal data.
  await db.schema.alterTable("user").addColumn("deletedAt", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("user").dropColumn("deletedAt").execute();
  await db.schema.dropIndex("messages_user_idx").execute();
  await db.schema.alterTable("messages").dropColumn("user_id").execute();
  await db.schema.dropTable("return_requests").execute();
}
