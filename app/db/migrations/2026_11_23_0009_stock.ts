import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Stock is a quantity now (docs/decisions/014); the shown status follows from it. track_stock = 0: made to order,
  // never runs out. The hand-set status becomes a believable starting quantity, then goes.
  for (const table of ["products", "flavours"]) {
    await db.schema
      .alterTable(table)
      .addColumn("stock_quantity", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn("track_stock", "integer", (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`update ${sql.table(table)} set stock_quantity = case stock_status when 'in_stock' then 40 when 'low_stock' then 3 else 0 end`.execute(
      db,
    );
    await db.schema.alterTable(table).dropColumn("stock_status").execute();
    await db.schema.createIndex(`${table}_stock_idx`).on(table).columns(["archived", "stock_quantity"]).execute();
  }

  // Every change of an item's stock: an order took it, a cancellation gave it back, staff received, wrote off or
  // corrected it. `change` is signed; `quantity_after` is the stock once it was applied.
  await db.schema
    .createTable("stock_movements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull()) // device | flavour
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("change", "integer", (c) => c.notNull())
    .addColumn("quantity_after", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull()) // order | cancelled | received | damaged | correction | edited
    .addColumn("order_id", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("by_user_id", "text")
    .addColumn("by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("stock_movements_item_idx")
    .on("stock_movements")
    .columns(["kind", "item_id", "created_at"])
    .execute();

  // 'Email me when it's back': one request per address and item, removed once its e-mail is queued.
  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("stock_alerts_item_email_key", ["kind", "item_id", "email"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("stock_alerts").execute();
  await db.schema.dropTable("stock_movements").execute();
  for (const table of ["products", "flavours"]) {
    await db.schema.dropIndex(`${table}_stock_idx`).execute();
    await db.schema
      .alterTable(table)
      .addColumn("stock_status", "text", (c) => c.notNull().defaultTo("in_stock"))
      .execute();
    await sql`update ${sql.table(table)} set stock_status = case when stock_quantity = 0 and track_stock = 1 then 'out_of_stock' else 'in_stock' end`.execute(
      db,
    );
    await db.schema.alterTable(table).dropColumn("track_stock").execute();
    await db.schema.alterTable(table).dropColumn("stock_quantity").execute();
  }
}
