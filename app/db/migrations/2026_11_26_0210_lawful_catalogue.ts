import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Issue 29 (part b): how a device is refilled (single-use vapes ban), each item's price history ('was' prices), and
// the MHRA's published list of notification numbers.
export async function up(db: Kysely<any>): Promise<void> {
  // 'pods' (refillable pods), 'coils' (replaceable coils), 'none' (neither); null: not answered yet.
  await db.schema.alterTable("devices").addColumn("refill", "text").execute();
  // A device with pods of its own in the catalogue has replaceable pods sold separately: the demo devices and any
  // shop that used the catalogue as it was meant. The others are left unanswered for staff to answer.
  await sql`update devices set refill = 'pods'
    where rechargeable = 1 and exists (select 1 from flavours f where f.device_id = devices.id)`.execute(db);

  await db.schema
    .createTable("price_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull()) // device | flavour
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull()) // ISO instant the price took effect
    .addColumn("changed_by", "text") // the staff user's id; null for prices the shop had before it kept a history
    .execute();
  await db.schema
    .createIndex("price_changes_item")
    .on("price_changes")
    .columns(["kind", "item_id", "changed_at"])
    .execute();
  // What the shop knows from now on: each item is at its current price as of this migration (nothing before it).
  const now = new Date().toISOString();
  await sql`insert into price_changes (id, kind, item_id, price_cents, changed_at, changed_by)
    select 'm-d-' || id, 'device', id, price_cents, ${now}, null from devices`.execute(db);
  await sql`insert into price_changes (id, kind, item_id, price_cents, changed_at, changed_by)
    select 'm-f-' || id, 'flavour', id, price_cents, ${now}, null from flavours`.execute(db);

  // The MHRA's published list of notified products, as last loaded by staff (replaced whole at each load).
  await db.schema
    .createTable("mhra_numbers")
    .addColumn("ecid", "text", (c) => c.primaryKey())
    .addColumn("product", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("mhra_list_loads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("loaded_at", "text", (c) => c.notNull())
    .addColumn("loaded_by", "text") // staff user id; null from the command line
    .addColumn("source", "text", (c) => c.notNull()) // the file's name
    .addColumn("numbers", "integer", (c) => c.notNull())
    .addColumn("refused", "integer", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("mhra_list_loads").execute();
  await db.schema.dropTable("mhra_numbers").execute();
  await db.schema.dropTable("price_changes").execute();
  await db.schema.alterTable("devices").dropColumn("refill").execute();
}
