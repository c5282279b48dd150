/** The audit log's retention job (docs/decisions/080): once a day, entries past AUDIT_RETENTION_YEARS are deleted. */
import { z } from "zod";
import { jobType } from "~/modules/jobs/jobs";

export const auditPurgeJob = jobType("audit-purge", z.object({}), () => ({
  recipient: null,
  subject: "Audit log entries past their retention deleted",
}));
