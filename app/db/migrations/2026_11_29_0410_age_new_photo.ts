import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Issue 65: staff may ask a customer for a new photo of their photo ID (a blurry one) instead of failing the check
// (docs/decisions/071). The check stays (or is again) pending; when and why it was asked, and by whom, are kept on it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("age_verifications").addColumn("new_photo_asked_at", "text").execute();
  await db.schema.alterTable("age_verifications").addColumn("new_photo_reason", "text").execute();
  await db.schema.alterTable("age_verifications").addColumn("new_photo_asked_by_name", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("age_verifications").dropColumn("new_photo_asked_by_name").execute();
  await db.schema.alterTable("age_verifications").dropColumn("new_photo_reason").execute();
  await db.schema.alterTable("age_verifications").dropColumn("new_photo_asked_at").execute();
}
