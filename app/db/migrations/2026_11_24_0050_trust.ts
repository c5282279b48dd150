import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Issue 18: how an order's tax was counted, its courier and tracking number, and the MHRA number of catalogue items.
export async function up(db: Kysely<any>): Promise<void> {
  // 1: the prices included the tax (VAT-inclusive mode) and tax_cents is the VAT they contained; 0: tax was added.
  await db.schema
    .alterTable("orders")
    .addColumn("tax_included", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // Set when staff dispatch the order (both, or neither).
  await db.schema.alterTable("orders").addColumn("courier", "text").execute();
  await db.schema.alterTable("orders").addColumn("tracking_number", "text").execute();
  // The MHRA notification number (ECID) of a device or e-liquid sold in the UK; optional.
  await db.schema.alterTable("products").addColumn("mhra_ecid", "text").execute();
  await db.schema.alterTable("flavours").addColumn("mhra_ecid", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("flavours").dropColumn("mhra_ecid").execute();
  await db.schema.alterTable("products").dropColumn("mhra_ecid").execute();
  await db.schema.alterTable("orders").dropColumn("tracking_number").execute();
  await db.schema.alterTable("orders").dropColumn("courier").execute();
  await db.schema.alterTable("orders").dropColumn("tax_included").execute();
}
