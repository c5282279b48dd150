import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Replies to contact messages sent from the back office (issue 64, docs/decisions/085): kept with the message, and
  // gone with it (a message erased with its sender's account takes its replies along).
  await db.schema
    .createTable("message_replies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("message_id", "text", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("staff_user_id", "text")
    .addColumn("staff_name", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("message_replies_message")
    .on("message_replies")
    .columns(["message_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("message_replies").execute();
}
