import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { OutboxEmailsTable } from "~/db/schema";

// The development outbox: e-mails written instead of sent when there is no SMTP_URL (`npm run outbox` lists them).

export async function insertOutboxEmail(db: Db, row: Insertable<OutboxEmailsTable>): Promise<void> {
  await db.insertInto("outbox_emails").values(row).execute();
}

export function latestOutboxEmails(db: Db, count: number) {
  return db.selectFrom("outbox_emails").selectAll().orderBy("created_at", "desc").limit(count).execute();
}
