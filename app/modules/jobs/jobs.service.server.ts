/** Queueing background jobs in the caller's transaction, and the rules for what happens after each attempt. */
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { isJobKind, jobKinds, type JobDeps, type JobKindName, type JobPayload } from "./job-kinds.server";
import { errorText, GIVE_UP_AFTER_MS, isPermanentFailure, PermanentJobError, retryDelayMs } from "./jobs";
import { finishJobs, insertJobs, type JobRow, type NewJobRow } from "./jobs.repository.server";
import { isDatabaseUnavailable, warnUnavailable } from "~/lib/unavailable.server";

/** A job's row, its payload checked by its kind's schema (a wrong payload is a programming error: it throws). */
export function newJob<K extends JobKindName>(kind: K, payload: JobPayload<K>, now = new Date()): NewJobRow {
  const definition = jobKinds[kind];
  const checked = definition.payload.parse(payload);
  const { recipient, subject } = (
    definition.describe as (p: unknown) => { recipient: string | null; subject: string | null }
  )(checked);
  const stamp = now.toISOString();
  return {
    id: newId(16),
    kind,
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
export async function enqueueJob<K extends JobKindName>(
  db: Db,
  kind: K,
  payload: JobPayload<K>,
  now = new Date(),
): Promise<string> {
  const row = newJob(kind, payload, now);
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
  deps: JobDeps,
  options: { retryBaseMs?: number; now: () => Date },
): Promise<AttemptOutcome> {
  try {
    if (!isJobKind(job.kind)) throw new PermanentJobError(`unknown job kind ${job.kind}`);
    const definition = jobKinds[job.kind];
    const parsed = definition.payload.safeParse(JSON.parse(job.payload));
    if (!parsed.success) throw new PermanentJobError(`invalid payload: ${parsed.error.message}`);
    await (definition.run as (p: unknown, d: JobDeps) => Promise<void>)(parsed.data, deps);
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
