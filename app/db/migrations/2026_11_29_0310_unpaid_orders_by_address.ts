import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Placing an order counts the orders waiting for payment to its delivery address, from any account
  // (docs/decisions/070): found by their postcode, then compared by first line.
  await db.schema.createIndex("orders_postcode_idx").on("orders").column("address_postcode").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("orders_postcode_idx").execute();
}
