import type { Kysely } from "kysely";

// Frozen once landed: add a new migration instead of editing this one.
export async function up(db: Kysely<any>): Promise<void> {
  // The background work queue (transactional outbox, docs/decisions/012): a row is written in the same transaction
  // as its cause and a worker in the server process runs it. Times are ISO-8601 UTC text, which sorts as time.
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull()) // JSON, checked by the kind's schema
    .addColumn("status", "text", (c) => c.notNull()) // queued | running | done | failed
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("run_at", "text", (c) => c.notNull()) // due from
    .addColumn("give_up_at", "text", (c) => c.notNull()) // a failure after this is final
    .addColumn("locked_until", "text") // a running job whose lease passed is claimed again (the worker died)
    .addColumn("locked_by", "text")
    .addColumn("last_error", "text")
    .addColumn("recipient", "text") // what the back office lists (e-mails: to and subject)
    .addColumn("subject", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_created_idx").on("jobs").column("created_at").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
