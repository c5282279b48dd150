/** The rules of the background work queue that need no database (docs/decisions/012). */

import type { z } from "zod";
import type { JobKindName, JobStatus } from "~/db/values";
// The set of statuses is defined once with the schema (docs/decisions/025).
export { jobStatuses, type JobStatus } from "~/db/values";

/** How the back office names each status: a job that is done has been sent. */
export const jobStatusLabels: Record<JobStatus, string> = {
  queued: "Queued",
  running: "Sending",
  done: "Sent",
  failed: "Failed",
};

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** A job that still fails this long after it was queued is given up (marked failed with its last error). */
export const GIVE_UP_AFTER_MS = 24 * HOUR_MS;
/** The longest wait between two attempts. */
export const MAX_RETRY_DELAY_MS = HOUR_MS;

/**
 * The wait before the next attempt after `attempts` failed ones: 1 minute, 2, 4, … doubling up to 1 hour, each
 * moved by up to ±10 % (`random` in [0, 1)) so jobs that failed together do not all retry together.
 */
export function retryDelayMs(attempts: number, random = Math.random(), baseMs = MINUTE_MS): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 30);
  const delay = Math.min(MAX_RETRY_DELAY_MS, baseMs * 2 ** exponent);
  return Math.round(delay * (0.9 + 0.2 * random));
}

/** A failure that no retry will cure (a malformed payload, a mail server's permanent 5xx refusal). */
export class PermanentJobError extends Error {}

/** SMTP's permanent refusals are 5xx replies (RFC 5321 §4.2.1); nodemailer puts the code on the error. */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof PermanentJobError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** What is kept of an error: its message, short. */
export const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 500);

/** What the jobs table keeps of a job to list it in the back office's Mail page. */
export type JobLabel = { recipient: string | null; subject: string | null };

/**
 * A kind of job as the module that queues it declares it (in its `<name>.jobs.ts`): its name, its payload's schema
 * (checked when it is queued and again when it runs) and what the back office lists for it. What running one does is
 * registered at the composition root (app/jobs.server.ts), so this module knows no other module's work.
 */
export type JobType<K extends JobKindName = JobKindName, S extends z.ZodType = z.ZodType> = {
  kind: K;
  payload: S;
  describe: (payload: z.infer<S>) => JobLabel;
};

export const jobType = <K extends JobKindName, S extends z.ZodType>(
  kind: K,
  payload: S,
  describe: (payload: z.infer<S>) => JobLabel,
): JobType<K, S> => ({ kind, payload, describe });
