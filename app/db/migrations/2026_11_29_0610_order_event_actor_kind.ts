import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Who made an order's change (docs/decisions/073): the customer, a member of staff, the shop itself or a payment
  // provider. Changes made before it are read from who is named: no one is the shop, a customer account the
  // customer (their own cancellation), anyone else staff.
  await db.schema.alterTable("order_events").addColumn("actor_kind", "text").execute();
  await sql`update order_events set actor_kind = case
      when by_user_id is null then 'shop'
      when by_user_id in (select id from "user" where role = 'customer') then 'customer'
      else 'staff' end`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_events").dropColumn("actor_kind").execute();
}
