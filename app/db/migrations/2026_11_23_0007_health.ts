import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // /healthz writes one row here per check, so "healthy" means "can save", not only "answers select 1".
  await db.schema
    .createTable("health_checks")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("health_checks").execute();
}
