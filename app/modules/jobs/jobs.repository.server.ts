/** Every query of the background work queue (docs/decisions/012). */
import { sql, type Insertable, type Selectable } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import type { JobsTable } from "~/db/schema";
import type { JobStatus } from "~/db/values";

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;

export async function insertJobs(db: Db, rows: NewJobRow[]): Promise<void> {
  await jobsInsert(db, rows)?.execute();
}

/** The insert of the jobs as a statement for the caller to run with its other writes; null when there are none. */
export const jobsInsert = (db: Db, rows: NewJobRow[]) => (rows.length ? db.insertInto("jobs").values(rows) : null);

/**
 * Claims up to `limit` due jobs for one worker and returns them: queued jobs whose time has come, and running jobs
 * whose lease has passed (their worker died). One statement, so it is atomic on both databases: PostgreSQL skips
 * rows another worker has locked (FOR UPDATE SKIP LOCKED); SQLite runs it under its single write lock.
 */
export async function claimDueJobs(
  db: Db,
  options: { now: string; lockedUntil: string; workerId: string; limit: number; postgres: boolean },
): Promise<JobRow[]> {
  const { now } = options;
  return db
    .updateTable("jobs")
    .set({
      status: "running",
      attempts: sql`attempts + 1`,
      locked_until: options.lockedUntil,
      locked_by: options.workerId,
      updated_at: now,
    })
    .where("id", "in", (eb) => {
      const due = eb
        .selectFrom("jobs")
        .select("id")
        .where((w) =>
          w.or([
            w.and([w("status", "=", "queued"), w("run_at", "<=", now)]),
            w.and([w("status", "=", "running"), w("locked_until", "<=", now)]),
          ]),
        )
        .orderBy("run_at")
        .limit(options.limit);
      return options.postgres ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .execute();
}

/** Ends jobs this worker holds: done, failed (final) or queued again for `run_at`. How many it still held. */
export async function finishJobs(
  db: Db,
  ids: string[],
  workerId: string,
  change: { status: "done" | "failed" | "queued"; now: string; runAt?: string; lastError?: string | null },
): Promise<number> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: change.status,
      locked_until: null,
      locked_by: null,
      updated_at: change.now,
      ...(change.status === "queued" ? {} : { finished_at: change.now }),
      ...(change.runAt ? { run_at: change.runAt } : {}),
      ...(change.lastError !== undefined ? { last_error: change.lastError } : {}),
    })
    .where("id", "in", ids)
    .where("locked_by", "=", workerId)
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A failed job queued again at once, with a new day to succeed in. False unless it was failed. */
export async function requeueFailedJob(
  db: Db,
  id: string,
  change: { now: string; giveUpAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({
      status: "queued",
      attempts: 0,
      run_at: change.now,
      give_up_at: change.giveUpAt,
      finished_at: null,
      updated_at: change.now,
    })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findJob(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countJobs(db: Db, status: JobStatus | null): Promise<number> {
  const row = await db
    .selectFrom("jobs")
    .$if(status !== null, (q) => q.where("status", "in", status === "queued" ? ["queued", "running"] : [status!]))
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type JobListQuery = {
  status: JobStatus | null;
  sort: "created" | "recipient" | "attempts";
  dir: "asc" | "desc";
  limit: number;
  offset: number;
};

export async function listJobRows(db: Db, query: JobListQuery): Promise<JobRow[]> {
  let q = db
    .selectFrom("jobs")
    .selectAll()
    .$if(query.status !== null, (b) =>
      b.where("status", "in", query.status === "queued" ? ["queued", "running"] : [query.status!]),
    );
  if (query.sort === "recipient") q = q.orderBy(sql`lower(recipient)`, query.dir);
  else if (query.sort === "attempts") q = q.orderBy("attempts", query.dir);
  q = q.orderBy("created_at", query.sort === "created" ? query.dir : "desc").orderBy("id");
  return q.limit(query.limit).offset(query.offset).execute();
}

/** How many jobs there are of each kind in each status (for the metrics). */
export async function countJobsByKindAndStatus(
  db: Db,
): Promise<Array<{ kind: string; status: string; count: number }>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["kind", "status", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy(["kind", "status"])
    .execute();
  return rows.map((r) => ({ kind: r.kind, status: r.status, count: Number(r.n) }));
}

/** Deletes the jobs to an address (`email` in lower case) or about it or the account, queued or done. */
export async function deleteJobsAbout(trx: Db, email: string, userId: string): Promise<void> {
  await trx
    .deleteFrom("jobs")
    .where((eb) =>
      eb.or([
        eb(sql`lower(recipient)`, "=", email),
        likeMatch("payload", likePattern(email)),
        likeMatch("payload", likePattern(`"userId":"${userId}"`)),
      ]),
    )
    .execute();
}
