import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A payment staff recorded on an order (docs/decisions/045): how it came, its reference, the amount (always the
  // order's total, in its currency), who recorded it and when. One per order: the key settles a double click.
  await db.schema
    .createTable("order_payments")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id"))
    .addColumn("method", "text", (c) => c.notNull()) // bank-transfer | card-link | cash-on-collection
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .addColumn("recorded_by_id", "text")
    .addColumn("recorded_by_name", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("order_payments").execute();
}
