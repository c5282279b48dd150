import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // One age verification per customer account (docs/decisions/015): only the result is kept, never a document or the
  // data a checking service saw. No row = unverified.
  await db.schema
    .createTable("age_verifications")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull()) // pending | verified | failed
    .addColumn("method", "text") // service | manual
    .addColumn("reference", "text")
    .addColumn("note", "text")
    .addColumn("decided_at", "text")
    .addColumn("decided_by_id", "text")
    .addColumn("decided_by_name", "text")
    .addColumn("requested_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("age_verifications_status_idx")
    .on("age_verifications")
    .columns(["status", "requested_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("age_verifications").execute();
}
