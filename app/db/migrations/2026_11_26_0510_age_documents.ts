import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
// Issue 31: the customer's part of the age check (docs/decisions/044). A photo ID sent by the customer waits in
// age_documents (one per account; the file itself in the private AGE_DOCUMENTS_DIR) until staff decide; then the row
// and the file are deleted and only the kind of document is kept on the check.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("age_documents")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
    .addColumn("document_type", "text", (c) => c.notNull()) // passport | driving-licence | pass-card
    .addColumn("file_name", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull()) // image/jpeg | image/png | application/pdf
    .addColumn("size_bytes", "integer", (c) => c.notNull())
    .addColumn("uploaded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("age_documents_uploaded_idx").on("age_documents").column("uploaded_at").execute();
  await db.schema.alterTable("age_verifications").addColumn("document_type", "text").execute();
  await db.schema.alterTable("age_verifications").addColumn("document_requested_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("age_verifications").dropColumn("document_requested_at").execute();
  await db.schema.alterTable("age_verifications").dropColumn("document_type").execute();
  await db.schema.dropTable("age_documents").execute();
}
