/** The worker in each server process: polls for due jobs, claims a few, runs them, and stops politely. */
import { PostgresAdapter } from "kysely";
import { newId } from "~/lib/ids.server";
import { MINUTE_MS } from "./jobs";
import { claimDueJobs } from "./jobs.repository.server";
import { attemptJob, recordOutcomes, type JobDeps, type JobRunners } from "./jobs.service.server";
import { logFailure } from "~/lib/unavailable.server";

export type JobWorkerOptions = {
  deps: JobDeps;
  /** What each kind of job does: registered at the composition root (app/jobs.server.ts). */
  runners: JobRunners;
  /** How often to look for due jobs when there were none. */
  pollMs: number;
  /** How long a claimed job is this worker's; after that another worker may take it (this one died). */
  leaseMs?: number;
  /** Jobs claimed and run together. */
  batchSize?: number;
  /** The first retry's wait (later ones double it, up to an hour). */
  retryBaseMs?: number;
  now?: () => Date;
};

export type JobWorker = {
  readonly id: string;
  /** Starts polling (the first look is at once: jobs left from before a restart go out first). */
  start: () => void;
  /** Claims and runs one batch of due jobs; how many it ran. */
  runOnce: () => Promise<number>;
  /** No new claims; waits up to `graceMs` for the jobs in hand. Any still running are claimed again after their lease. */
  stop: (graceMs?: number) => Promise<void>;
};

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { deps, runners, pollMs } = options;
  const id = `${process.pid}-${newId(8)}`;
  const leaseMs = options.leaseMs ?? 2 * MINUTE_MS;
  const batchSize = options.batchSize ?? 10;
  const now = options.now ?? (() => new Date());
  const postgres = deps.db.getExecutor().adapter instanceof PostgresAdapter;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopping = false;

  async function runOnce(): Promise<number> {
    const at = now();
    const claimed = await claimDueJobs(deps.db, {
      now: at.toISOString(),
      lockedUntil: new Date(at.getTime() + leaseMs).toISOString(),
      workerId: id,
      limit: batchSize,
      postgres,
    });
    if (claimed.length === 0) return 0;
    const results = await Promise.all(
      claimed.map(async (job) => ({
        job,
        outcome: await attemptJob(job, runners, deps, { retryBaseMs: options.retryBaseMs, now }),
      })),
    );
    await recordOutcomes(deps.db, id, results, now());
    return claimed.length;
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    timer = setTimeout(tick, delayMs);
  }

  function tick() {
    timer = null;
    running = runOnce().catch((error: Error) => {
      // The database gone for a while: one warn line a poll, no stack (the jobs wait in the database meanwhile).
      logFailure(deps.log, error, {}, "the job worker could not claim jobs");
      return 0;
    });
    void running.then((count) => {
      running = null;
      // A full batch: there may be more waiting, so look again at once.
      schedule(count === batchSize ? 0 : pollMs);
    });
  }

  return {
    id,
    runOnce,
    start: () => {
      if (timer || running || stopping) return;
      schedule(0);
    },
    stop: async (graceMs = 10_000) => {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (!running) return;
      let waited: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (waited = setTimeout(resolve, graceMs)));
      await Promise.race([running.then(() => {}), late]);
      clearTimeout(waited);
    },
  };
}
