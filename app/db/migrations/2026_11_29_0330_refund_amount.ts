import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // What staff refunded of a recorded payment, and when ('Mark refunded' asks for the amount, which the customer's
  // e-mail says). Null until refunded, and on payments refunded before this.
  await db.schema.alterTable("order_payments").addColumn("refunded_cents", "integer").execute();
  await db.schema.alterTable("order_payments").addColumn("refunded_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_payments").dropColumn("refunded_at").execute();
  await db.schema.alterTable("order_payments").dropColumn("refunded_cents").execute();
}
