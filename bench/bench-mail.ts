// How fast the job worker sends e-mails to a local SMTP server: every confirmation job of the order benchmark is
// queued again at once, and the time from the first to the last e-mail received is measured.
import type { Db } from "~/db/database.server";
import type { JobStatus } from "~/db/values";
import type { startSmtpSink } from "~/testing/smtp-sink";

type Sink = Awaited<ReturnType<typeof startSmtpSink>>;

const countJobs = async (db: Db, status: JobStatus) =>
  Number(
    (
      await db
        .selectFrom("jobs")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("status", "=", status)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Waits until no job is queued or running (the confirmations of the orders just placed are out). */
async function drained(db: Db, timeoutMs: number) {
  const started = Date.now();
  while ((await countJobs(db, "queued")) + (await countJobs(db, "running")) > 0) {
    if (Date.now() - started > timeoutMs) throw new Error("the worker did not send the queued e-mails in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function measureMailRate(db: Db, sink: Sink): Promise<{ emails: number; emailsPerSecond: number }> {
  await drained(db, 120_000);
  const before = sink.received.length;
  let first = 0;
  const watch = setInterval(() => {
    if (!first && sink.received.length > before) first = performance.now();
  }, 1);
  // E-mail jobs only (they name a recipient): an age check sends nothing.
  const requeued = await db
    .updateTable("jobs")
    .set({ status: "queued", run_at: new Date().toISOString(), attempts: 0 })
    .where("status", "=", "done")
    .where("recipient", "is not", null)
    .executeTakeFirst();
  const emails = Number(requeued.numUpdatedRows);
  try {
    await sink.waitFor(before + emails, 120_000);
  } finally {
    clearInterval(watch);
  }
  const seconds = (performance.now() - first) / 1000;
  return { emails, emailsPerSecond: Math.round((emails - 1) / Math.max(seconds, 0.001)) };
}
