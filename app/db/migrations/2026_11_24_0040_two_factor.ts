import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Better Auth's two-factor plugin (its own names), and what the shop adds to it (docs/decisions/021).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("user")
    .addColumn("twoFactorEnabled", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("twoFactor")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
    .addColumn("verified", "boolean", (c) => c.defaultTo(true))
    .addColumn("failedVerificationCount", "integer", (c) => c.defaultTo(0))
    .addColumn("lockedUntil", "timestamptz")
    .execute();
  await db.schema.createIndex("twoFactor_userId_idx").on("twoFactor").column("userId").execute();
  await db.schema.createIndex("twoFactor_secret_idx").on("twoFactor").column("secret").execute();
  // When this session proved the second factor (null: password or Google only). The back office needs it.
  await db.schema.alterTable("session").addColumn("secondFactorAt", "text").execute();
  // Codes already accepted, so a code seen over a shoulder cannot be used again while it is still valid.
  await db.schema
    .createTable("used_second_factor_codes")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("used_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("used_second_factor_codes_pk", ["user_id", "code"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("used_second_factor_codes").execute();
  await db.schema.alterTable("session").dropColumn("secondFactorAt").execute();
  await db.schema.dropTable("twoFactor").execute();
  await db.schema.alterTable("user").dropColumn("twoFactorEnabled").execute();
}
