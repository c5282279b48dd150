import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // Each backup `npm run backup` finished (docs/decisions/048): the back office's dashboard says when the last one ran.
  await db.schema
    .createTable("backup_runs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("finished_at", "text", (c) => c.notNull())
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("bytes", "integer", (c) => c.notNull())
    .addColumn("seconds", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("backup_runs_finished").on("backup_runs").column("finished_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("backup_runs").execute();
}
