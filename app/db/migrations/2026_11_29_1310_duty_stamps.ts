import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Vaping Products Duty's stamps (docs/decisions/079, docs/guide/uk-rules.md): of a variant's stock, how many units are
  // lawful unstamped stock (made or imported before 1 October 2026: sellable until 1 April 2027, part of
  // stock_quantity), and how many are held back from sale (quarantined: not in stock_quantity) until returned to the
  // supplier or destroyed.
  await db.schema
    .alterTable("variants")
    .addColumn("unstamped_units", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("variants")
    .addColumn("quarantined_units", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Each stock movement keeps how many of its units were unstamped (a sale takes those first while they may be sold).
  await db.schema
    .alterTable("stock_movements")
    .addColumn("unstamped_change", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A delivery staff record at goods in: the supplier, its invoice (unique per supplier), its duty approval
  // reference, the day received; and per line what came, stamped or not.
  await db.schema
    .createTable("goods_in")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("supplier", "text", (c) => c.notNull())
    .addColumn("supplier_key", "text", (c) => c.notNull())
    .addColumn("invoice_reference", "text", (c) => c.notNull())
    .addColumn("approval_reference", "text", (c) => c.notNull())
    .addColumn("received_on", "text", (c) => c.notNull())
    .addColumn("by_user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("goods_in_invoice_once", ["supplier_key", "invoice_reference"])
    .execute();
  await db.schema.createIndex("goods_in_received").on("goods_in").columns(["received_on"]).execute();
  await db.schema
    .createTable("goods_in_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("goods_in_id", "text", (c) => c.notNull().references("goods_in.id"))
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("stamped", "integer", (c) => c.notNull())
    .addColumn("made_before_duty", "integer", (c) => c.notNull())
    // Where the units went: sellable (stamped or lawful unstamped) or held back from sale.
    .addColumn("sellable_units", "integer", (c) => c.notNull())
    .addColumn("quarantined_units", "integer", (c) => c.notNull())
    .addColumn("liquid_tenths", "integer")
    .addColumn("stamp_code", "text")
    .execute();
  await db.schema.createIndex("goods_in_lines_delivery").on("goods_in_lines").columns(["goods_in_id"]).execute();
  // Quarantined units taken out of stock: returned to the supplier or destroyed, by whom and when.
  await db.schema
    .createTable("duty_disposals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("variant_id", "text", (c) => c.notNull())
    .addColumn("sku", "text", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // returned | destroyed
    .addColumn("supplier_reference", "text", (c) => c.notNull())
    .addColumn("stamp_code", "text")
    .addColumn("by_user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("duty_disposals_at").on("duty_disposals").columns(["created_at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("duty_disposals").execute();
  await db.schema.dropTable("goods_in_lines").execute();
  await db.schema.dropTable("goods_in").execute();
  await db.schema.alterTable("stock_movements").dropColumn("unstamped_change").execute();
  await db.schema.alterTable("variants").dropColumn("quarantined_units").execute();
  await db.schema.alterTable("variants").dropColumn("unstamped_units").execute();
}
