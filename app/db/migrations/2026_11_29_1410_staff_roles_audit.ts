import { sql, type Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Staff roles (issue 63, docs/decisions/080): a staff account's roles, comma-separated; and when it was disabled.
  await db.schema.alterTable("user").addColumn("staffRoles", "text").execute();
  await db.schema.alterTable("user").addColumn("disabledAt", "text").execute();
  // Every staff account there was could do everything: each becomes an owner (the upgrade notes say so).
  await sql`update "user" set "staffRoles" = 'owner' where "role" = 'staff'`.execute(db);

  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("roles", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by_id", "text")
    .addColumn("invited_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("accepted_user_id", "text")
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("staff_invitations_email").on("staff_invitations").columns(["email"]).execute();

  // The audit log: appended in the same transaction as what it records, read by owners, deleted only when too old.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_kind", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("actor_name", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text")
    .addColumn("entity_id", "text")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("details", "text")
    .execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").columns(["at"]).execute();
  await db.schema.createIndex("audit_log_actor").on("audit_log").columns(["actor_id", "at"]).execute();
  await db.schema.createIndex("audit_log_action").on("audit_log").columns(["action", "at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("staff_invitations").execute();
  await db.schema.alterTable("user").dropColumn("disabledAt").execute();
  await db.schema.alterTable("user").dropColumn("staffRoles").execute();
}
