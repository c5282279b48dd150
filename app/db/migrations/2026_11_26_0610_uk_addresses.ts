import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A UK address as a courier needs it (issue 33, docs/decisions/046): the recipient, two lines, town or city and
  // postcode. The free text of an address saved before is kept as its first line; the rest is empty until the shopper
  // next uses it, when the shop asks for it (an address without recipient, town or postcode cannot be ordered to).
  await db.schema.alterTable("addresses").renameColumn("address", "line1").execute();
  for (const column of ["recipient", "line2", "town", "postcode"]) {
    await db.schema
      .alterTable("addresses")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  // Orders keep the address as it was placed: the old free text becomes its first line, shown as it was written.
  await db.schema.alterTable("orders").renameColumn("address_text", "address_line1").execute();
  for (const column of ["address_recipient", "address_line2", "address_town", "address_postcode"]) {
    await db.schema
      .alterTable("orders")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["address_recipient", "address_line2", "address_town", "address_postcode"]) {
    await db.schema.alterTable("orders").dropColumn(column).execute();
  }
  await db.schema.alterTable("orders").renameColumn("address_line1", "address_text").execute();
  for (const column of ["recipient", "line2", "town", "postcode"]) {
    await db.schema.alterTable("addresses").dropColumn(column).execute();
  }
  await db.schema.alterTable("addresses").renameColumn("line1", "address").execute();
}
