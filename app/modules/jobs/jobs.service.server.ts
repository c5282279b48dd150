/**
 * Queueing background jobs in the caller's transaction, running one through the kinds the composition root
 * registered, and the rules for what happens after each attempt (docs/decisions/012, 035).
 */
import type { z } from "zod";
import type { Db } from "~/db/database.server";
import type { JobKindName } from "~/db/values";
import type { Config } from "~/lib/config.server";
import { newId } from "~/lib/ids.server";
import type { Logger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";
import { errorText, GIVE_UP_AFTER_MS, isPermanentFailure, PermanentJobError, retryDelayMs, type JobType } from "./jobs";
import {
  deleteJobsAbout,
  finishJobs,
  insertJobs,
  jobsInsert,
  type JobRow,
  type NewJobRow,
} from "./jobs.repository.server";
import { isDatabaseUnavailable, warnUnavailable } from "~/lib/unavailable.server";

/** What a running job may use; `now` is the worker's clock (tests inject one), the real one unless given. */
export type JobDeps = { db: Db; mailer: Mailer; log: Logger; config: Config; now?: () => Date };

/** What running one kind of job does, with the kind it runs. */
export type JobRunner<K extends JobKindName = JobKindName, S extends z.ZodType = z.ZodType> = {
  type: JobType<K, S>;
  run: (payload: z.infer<S>, deps: JobDeps) => Promise<void>;
};

export const runner = <K extends JobKindName, S extends z.ZodType>(
  type: JobType<K, S>,
  run: (payload: z.infer<S>, deps: JobDeps) => Promise<void>,
): JobRunner<K, S> => ({ type, run });

/**
 * Every kind the jobs table may hold (~/db/values), each with its runner: built once at the composition root
 * (app/jobs.server.ts) and handed to the worker. The key and the runner's kind must agree.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own payload type
export type JobRunners = { [K in JobKindName]: JobRunner<K, any> };

/** A job's row, its payload checked by its kind's schema (a wrong payload is a programming error: it throws). */
export function newJob<K extends JobKindName, S extends z.ZodType>(
  type: JobType<K, S>,
  payload: z.input<S>,
  now = new Date(),
): NewJobRow {
  const checked = type.payload.parse(payload);
  const { recipient, subject } = type.describe(checked);
  const stamp = now.toISOString();
  return {
    id: newId(16),
    kind: type.kind,
    payload: JSON.stringify(checked),
    status: "queued",
    attempts: 0,
    run_at: stamp,
    give_up_at: new Date(now.getTime() + GIVE_UP_AFTER_MS).toISOString(),
    recipient,
    subject,
    created_at: stamp,
    updated_at: stamp,
  };
}

/**
 * Queues a job. Pass the transaction that makes its cause: if that rolls back, there is no job; once it commits,
 * the job is there whatever happens to this process next.
 */
export async function enqueueJob<K extends JobKindName, S extends z.ZodType>(
  db: Db,
  type: JobType<K, S>,
  payload: z.input<S>,
  now = new Date(),
): Promise<string> {
  const row = newJob(type, payload, now);
  await insertJobs(db, [row]);
  return row.id;
}

export type AttemptOutcome =
  { status: "done" } | { status: "queued"; runAt: string; error: string } | { status: "failed"; error: string };

/** After a failed attempt: retry later (backoff, never past the give-up time), or fail for good. */
export function afterFailure(
  job: Pick<JobRow, "attempts" | "give_up_at">,
  error: unknown,
  now: Date,
  retryBaseMs?: number,
  random = Math.random(),
): AttemptOutcome {
  const message = errorText(error);
  if (isPermanentFailure(error) || now.toISOString() >= job.give_up_at) return { status: "failed", error: message };
  const next = new Date(
    Math.min(now.getTime() + retryDelayMs(job.attempts, random, retryBaseMs), Date.parse(job.give_up_at)),
  );
  return { status: "queued", runAt: next.toISOString(), error: message };
}

/** Runs one claimed job through its kind; what happened decides what `recordOutcomes` writes. */
export async function attemptJob(
  job: JobRow,
  runners: JobRunners,
  deps: JobDeps,
  options: { retryBaseMs?: number; now: () => Date },
): Promise<AttemptOutcome> {
  try {
    if (!Object.hasOwn(runners, job.kind)) throw new PermanentJobError(`unknown job kind ${job.kind}`);
    const runner: JobRunner = runners[job.kind];
    const parsed = runner.type.payload.safeParse(JSON.parse(job.payload));
    if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
    await runner.run(parsed.data, { ...deps, now: options.now });
    return { status: "done" };
  } catch (error) {
    const outcome = afterFailure(job, error, options.now(), options.retryBaseMs);
    const fields = { jobId: job.id, kind: job.kind, attempts: job.attempts, outcome: outcome.status };
    // The database gone for a moment: one line without a stack (it is retried like any failure).
    if (isDatabaseUnavailable(error)) warnUnavailable(deps.log, error, `background job ${job.kind}`);
    else deps.log[outcome.status === "failed" ? "error" : "warn"]({ err: error, ...fields }, "background job failed");
    return outcome;
  }
}

/**
 * Writes what became of a batch of jobs this worker holds (a job whose lease another worker has taken is left to
 * that worker): the sent ones in one statement, the others one by one with their error and next time.
 */
export async function recordOutcomes(
  db: Db,
  workerId: string,
  results: Array<{ job: JobRow; outcome: AttemptOutcome }>,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  const done = results.filter((r) => r.outcome.status === "done").map((r) => r.job.id);
  if (done.length) await finishJobs(db, done, workerId, { status: "done", now: stamp });
  for (const { job, outcome } of results) {
    if (outcome.status === "queued")
      await finishJobs(db, [job.id], workerId, {
        status: "queued",
        now: stamp,
        runAt: outcome.runAt,
        lastError: outcome.error,
      });
    if (outcome.status === "failed")
      await finishJobs(db, [job.id], workerId, { status: "failed", now: stamp, lastError: outcome.error });
  }
}

/** Jobs written as one statement of the caller's (checkout's placement runs its writes together: decision 027). */
export const jobsWrite = (db: Db, rows: NewJobRow[]) => jobsInsert(db, rows);

// The jobs table as the back office's Mail page reads it (its list, the count of failed ones, "Retry now"), and the
// metrics count it (server/app.ts).
/** Inside the caller's transaction: deletes the jobs to or about an address (lower case) or an account. */
export const eraseJobsAbout = (trx: Db, email: string, userId: string): Promise<void> =>
  deleteJobsAbout(trx, email, userId);

export { countJobs, countJobsByKindAndStatus, listJobRows, requeueFailedJob } from "./jobs.repository.server";
