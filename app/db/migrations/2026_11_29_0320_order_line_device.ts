import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // A flavour line names the device its pod is for, as sold (the WhatsApp order text and staff need it: a flavour's
  // name alone does not say which device's pod was ordered). Null on device lines.
  await db.schema.alterTable("order_lines").addColumn("device_name", "text").execute();
  // Lines placed before: the device their flavour belongs to now (the best there is; a flavour rarely moves).
  await sql`update order_lines set device_name = (
      select d.name from flavours f join devices d on d.id = f.device_id where f.id = order_lines.item_id
    ) where kind = 'flavour'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("order_lines").dropColumn("device_name").execute();
}
