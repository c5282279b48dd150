/**
 * The audit log's retention (docs/decisions/080): a daily job deletes the entries older than AUDIT_RETENTION_YEARS
 * (six by default, as HMRC keeps VAT records) and queues its next run a day later. The audit module owns the delete
 * (`purgeAuditLog`); this side keeps the job going.
 */
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { ok } from "~/lib/result";
import { purgeAuditLog } from "~/modules/audit/audit.service.server";
import { countJobsByKindAndStatus, enqueueJob } from "~/modules/jobs/jobs.service.server";
import { auditPurgeJob } from "./audit-admin.jobs";

const DAY_MS = 86_400_000;

/** Makes sure one purge job waits in the queue (called at start, as the duty jobs are): the first runs at once. */
export async function ensureAuditPurgeJob(db: Db, now = new Date()): Promise<void> {
  const counts = await countJobsByKindAndStatus(db);
  const waiting = counts.some((c) => c.kind === "audit-purge" && ["queued", "running"].includes(c.status) && c.count);
  if (!waiting) await enqueueJob(db, auditPurgeJob, {}, now);
}

/** The job's work: deletes the entries past their years and queues tomorrow's run, together; how many went. */
export async function runAuditPurge(db: Db, years: number, now = new Date()): Promise<number> {
  const { deleted } = await inTransaction(db, async (trx) => {
    const deleted = await purgeAuditLog(trx, years, now);
    await enqueueJob(trx, auditPurgeJob, {}, new Date(now.getTime() + DAY_MS));
    return ok({ deleted });
  });
  return deleted;
}
