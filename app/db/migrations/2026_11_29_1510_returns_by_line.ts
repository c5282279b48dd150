import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Returns by line (issue 64, docs/decisions/083): the order's one return request stays the header (its note, its
  // state), and each line the customer sends back, or reports faulty, is a row here, decided by staff one by one.
  await db.schema
    .createTable("return_lines")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("return_id", "text", (c) => c.notNull().references("return_requests.id"))
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull()) // the order line's position
    .addColumn("quantity", "integer", (c) => c.notNull())
    .addColumn("unit_price_cents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull()) // change-of-mind | faulty
    .addColumn("remedy", "text", (c) => c.notNull()) // refund | repair | replacement
    .addColumn("status", "text", (c) => c.notNull()) // requested | accepted | refused
    .addColumn("outcome", "text") // restocked | written-off (accepted lines decided from this migration on)
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("decided_at", "text")
    .addColumn("decided_by_name", "text")
    .execute();
  await db.schema.createIndex("return_lines_order_idx").on("return_lines").columns(["order_id", "position"]).execute();
  await db.schema.createIndex("return_lines_return_idx").on("return_lines").column("return_id").execute();
  // Whether the order's shipping charge was refunded with a return (once: the whole order back within 14 days).
  await db.schema
    .alterTable("return_requests")
    .addColumn("shipping_refunded", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  // A whole-order return stored before: a return of all its lines, with its reason and its decision. Its accepted
  // lines have no outcome (nothing was put back in stock then) and no refund is made again for them.
  await sql`
    insert into return_lines (id, return_id, order_id, position, quantity, unit_price_cents, reason, kind, remedy,
      status, outcome, requested_at, decided_at, decided_by_name)
    select r.id || '-' || cast(l.position as text), r.id, r.order_id, l.position, l.quantity, l.unit_price_cents,
      r.reason, 'change-of-mind', 'refund', r.status, null, r.requested_at, r.decided_at, r.decided_by_name
    from return_requests r join order_lines l on l.order_id = r.order_id
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("return_requests").dropColumn("shipping_refunded").execute();
  await db.schema.dropTable("return_lines").execute();
}
