import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // An upload's size as shown (after its EXIF orientation) and the widths its AVIF and WebP variants were made in
  // (docs/decisions/018), e.g. "320,640,960,1280"; null until they are made (uploads from before this migration).
  await db.schema.alterTable("uploads").addColumn("width", "integer").execute();
  await db.schema.alterTable("uploads").addColumn("height", "integer").execute();
  await db.schema.alterTable("uploads").addColumn("variant_widths", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("uploads").dropColumn("variant_widths").execute();
  await db.schema.alterTable("uploads").dropColumn("height").execute();
  await db.schema.alterTable("uploads").dropColumn("width").execute();
}
