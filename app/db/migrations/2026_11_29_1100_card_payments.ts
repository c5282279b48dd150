import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A try at paying an order by card on the provider's hosted page (docs/decisions/078): its own reference at the
  // provider, the amount asked, its state (moving forward only), the links the provider last gave for settling and
  // refunding, and whether it was made against a test environment (no money moves).
  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hosted_url", "text")
    .addColumn("links", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("checked_at", "text")
    .execute();
  await db.schema.createIndex("payment_attempts_order").on("payment_attempts").columns(["order_id"]).execute();
  await db.schema.createIndex("payment_attempts_state").on("payment_attempts").columns(["state"]).execute();
  // Every event a provider sent or its status query told, as received, once each: the ledger (append-only).
  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("provider_event_id", "text", (c) => c.notNull())
    .addColumn("attempt_id", "text")
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer")
    .addColumn("currency", "text")
    .addColumn("source", "text", (c) => c.notNull()) // webhook | query | shop
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addUniqueConstraint("payment_events_once", ["provider", "provider_event_id"])
    .execute();
  await db.schema.createIndex("payment_events_attempt").on("payment_events").columns(["attempt_id"]).execute();
  // Money sent back: through the provider (attempt_id) or recorded by staff for a manual payment (method).
  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("attempt_id", "text")
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("method", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("requested_by_id", "text")
    .addColumn("requested_by_name", "text", (c) => c.notNull())
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_order").on("refunds").columns(["order_id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("refunds").execute();
  await db.schema.dropTable("payment_events").execute();
  await db.schema.dropTable("payment_attempts").execute();
}
