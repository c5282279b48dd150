/** The back office's Mail page: queued, sent and failed e-mails, and "Retry now" for a failed one. Staff only. */
import type { Db } from "~/db/database.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { GIVE_UP_AFTER_MS } from "~/modules/jobs/jobs";
import { countJobs, listJobRows, requeueFailedJob } from "~/modules/jobs/jobs.service.server";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { inTransaction } from "~/db/transaction.server";
import { pageWindow, type ListParams } from "~/lib/listing";
import { fail, type Result } from "~/lib/result";
import { mailNotices, type AdminMail, type MailFilter, type MailSort } from "./mail-admin";

export async function listMail(
  db: Db,
  actor: SessionUser | null,
  params: ListParams<MailSort> & { filter: MailFilter },
) {
  assertAllowed(actor, "messages");
  const status = params.filter === "all" ? null : params.filter;
  const total = await countJobs(db, status);
  const window = pageWindow(params.rawPage, total);
  const rows = await listJobRows(db, {
    status,
    sort: params.sort,
    dir: params.dir,
    limit: window.limit,
    offset: window.offset,
  });
  const mails: AdminMail[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    recipient: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: Number(r.attempts),
    lastError: r.last_error,
    createdAt: r.created_at,
    nextAttemptAt: r.status === "queued" ? r.run_at : null,
    finishedAt: r.finished_at,
  }));
  return { mails, total, ...window };
}

/** How many e-mails were given up (the dashboard shows it). Staff only. */
export async function countFailedMail(db: Db, actor: SessionUser | null): Promise<number> {
  assertAllowed(actor, "messages");
  return countJobs(db, "failed");
}

/**
 * Queues a failed e-mail again at once, with its attempts counted afresh and another day to succeed in (staff
 * usually retry after fixing the cause). "wrong-state" unless it was failed. Staff only.
 */
export async function retryMail(db: Db, actor: SessionUser | null, id: string, now = new Date()): Promise<Result> {
  assertAllowed(actor, "messages");
  return inTransaction(db, async (trx): Promise<Result> => {
    const requeued = await requeueFailedJob(trx, id, {
      now: now.toISOString(),
      giveUpAt: new Date(now.getTime() + GIVE_UP_AFTER_MS).toISOString(),
    });
    if (!requeued) return fail("wrong-state", mailNotices.notFailed);
    // The recipient's address stays out of the log: the e-mail's id points at it.
    await recordAudit(trx, auditActorOf(actor), { action: "mail.retry", entity: "mail", entityId: id });
    return { ok: true };
  });
}
