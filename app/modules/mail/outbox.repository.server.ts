import { sql, type Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { OutboxEmailsTable } from "~/db/schema";

// The development outbox: e-mails written instead of sent when there is no SMTP_URL (`npm run outbox` lists them).

export async function insertOutboxEmail(db: Db, row: Insertable<OutboxEmailsTable>): Promise<void> {
  await db.insertInto("outbox_emails").values(row).execute();
}

/** Which e-mails: all, or those to one address (in any case). */
export type OutboxFilter = { to?: string };

function filtered(db: Db, filter: OutboxFilter) {
  const all = db.selectFrom("outbox_emails");
  return filter.to ? all.where(sql<string>`lower(to_address)`, "=", filter.to.toLowerCase()) : all;
}

/** The newest `count` e-mails (every one when count is null), newest first. */
export function latestOutboxEmails(db: Db, count: number | null, filter: OutboxFilter = {}) {
  const newest = filtered(db, filter).selectAll().orderBy("created_at", "desc").orderBy("id", "desc");
  return (count === null ? newest : newest.limit(count)).execute();
}

export async function countOutboxEmails(db: Db, filter: OutboxFilter = {}): Promise<number> {
  const row = await filtered(db, filter).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the e-mails to an address (`email` in lower case): 'Delete my account' (docs/decisions/020). */
export async function deleteOutboxEmailsTo(trx: Db, email: string): Promise<void> {
  await trx
    .deleteFrom("outbox_emails")
    .where(sql`lower(to_address)`, "=", email)
    .execute();
}
