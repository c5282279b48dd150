import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createDatabase } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { mailParts, startSmtpSink } from "~/testing/smtp-sink";
import { HOUR_MS, MINUTE_MS } from "./jobs";
import { claimDueJobs, findJob } from "./jobs.repository.server";
import { enqueueJob } from "./jobs.service.server";
import { createShopJobWorker } from "~/context.server";
import { passwordResetJob } from "~/modules/accounts/accounts.jobs";

const log = createLogger("silent");
const reset = (to: string) => ({
  to,
  shopName: "Vapour Lane",
  name: "Alex",
  link: "http://shop.test/reset-password?token=abc",
});
const T0 = Date.parse("2026-11-23T10:00:00.000Z");

describeEachDatabase("background jobs", (testDb) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let mailer: Mailer;
  let clock = T0;
  const now = () => new Date(clock);
  beforeAll(async () => {
    sink = await startSmtpSink({ rejectRecipient: (address) => address.endsWith("@rejected.example") });
    mailer = createMailer({ smtpUrl: sink.url, from: "Shop <shop@example.com>", log });
  });
  afterAll(async () => {
    mailer.close();
    await sink.close();
  });
  const worker = (through: Mailer = mailer, db = testDb().db) =>
    createShopJobWorker(
      { db, mailer: through, log, config: loadConfig({ APP_URL: "http://shop.test" }) },
      {
        pollMs: 20,
        now,
      },
    );
  const received = (to: string) => sink.received.filter((m) => m.to.includes(to));

  it("claims a due job once, sends it as text and HTML, and marks it done", async () => {
    const { db } = testDb();
    clock = T0;
    const id = await enqueueJob(db, passwordResetJob, reset("first@example.com"), now());
    expect(await findJob(db, id)).toMatchObject({
      status: "queued",
      attempts: 0,
      recipient: "first@example.com",
      subject: "Vapour Lane: choose a new password",
    });
    expect(await worker().runOnce()).toBe(1);
    expect(await worker().runOnce()).toBe(0);
    expect(await findJob(db, id)).toMatchObject({
      status: "done",
      attempts: 1,
      locked_by: null,
      finished_at: now().toISOString(),
    });
    const [mail] = received("first@example.com");
    const parts = mailParts(mail!);
    expect(parts.contentType).toBe("multipart/alternative");
    expect(parts.text).toContain("http://shop.test/reset-password?token=abc");
    expect(parts.html).toContain('href="http://shop.test/reset-password?token=abc"');
    expect(parts.html).toContain("Vapour Lane");
  });

  it("does not run a job before its time, nor one another worker holds", async () => {
    const { db } = testDb();
    clock = T0;
    const id = await enqueueJob(db, passwordResetJob, reset("later@example.com"), new Date(T0 + MINUTE_MS));
    expect(await worker().runOnce()).toBe(0);
    clock = T0 + MINUTE_MS;
    const [held] = await claimDueJobs(db, {
      now: now().toISOString(),
      lockedUntil: new Date(clock + 2 * MINUTE_MS).toISOString(),
      workerId: "other",
      limit: 5,
      postgres: testDb().kind === "postgres",
    });
    expect(held?.id).toBe(id);
    expect(await worker().runOnce()).toBe(0);
    expect(received("later@example.com")).toEqual([]);
  });

  it("takes up, after its lease, a job whose worker died (at least once, never lost)", async () => {
    const { db } = testDb();
    clock = T0 + 10 * MINUTE_MS;
    // "later@example.com" was claimed by a worker that never finished (the previous test); its lease ends at T0 + 3 min.
    expect(await worker().runOnce()).toBe(1);
    const job = await db
      .selectFrom("jobs")
      .selectAll()
      .where("recipient", "=", "later@example.com")
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: "done", attempts: 2 });
    expect(received("later@example.com")).toHaveLength(1);
  });

  it("retries with exponential backoff from a minute up to an hour, then gives up after 24 hours with the last error", async () => {
    const { db } = testDb();
    clock = T0;
    const down = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "x@example.com", log });
    const id = await enqueueJob(db, passwordResetJob, reset("backoff@example.com"), now());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 40; attempt++) {
      expect(await worker(down).runOnce()).toBe(1);
      const job = (await findJob(db, id))!;
      expect(job.attempts).toBe(attempt);
      if (job.status === "failed") break;
      expect(job).toMatchObject({ status: "queued", last_error: expect.stringMatching(/ECONNREFUSED/) });
      const wait = Date.parse(job.run_at) - clock;
      waits.push(wait);
      clock = Date.parse(job.run_at) - 1000;
      expect(await worker(down).runOnce()).toBe(0); // not a second early
      clock = Date.parse(job.run_at);
    }
    down.close();
    const expected = [1, 2, 4, 8, 16, 32, 60, 60].map((m) => m * MINUTE_MS);
    expected.forEach((base, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(base * 0.9);
      expect(waits[i]).toBeLessThanOrEqual(base * 1.1);
    });
    expect(Math.max(...waits)).toBeLessThanOrEqual(1.1 * HOUR_MS);
    const failed = (await findJob(db, id))!;
    expect(failed).toMatchObject({ status: "failed", last_error: expect.stringMatching(/ECONNREFUSED/) });
    expect(clock - T0).toBeGreaterThanOrEqual(24 * HOUR_MS);
    expect(clock - T0).toBeLessThan(25 * HOUR_MS);
  });

  it("marks a job failed at once when the mail server refuses the address for good (5xx)", async () => {
    const { db } = testDb();
    clock = T0;
    const id = await enqueueJob(db, passwordResetJob, reset("nobody@rejected.example"), now());
    expect(await worker().runOnce()).toBe(1);
    expect(await findJob(db, id)).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: expect.stringMatching(/550/),
    });
    clock = T0 + 25 * HOUR_MS;
    expect(await worker().runOnce()).toBe(0);
  });

  it("gives up waiting for a server that accepts the connection and never answers, and tries again later", async () => {
    const { db } = testDb();
    clock = T0;
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as AddressInfo).port;
    const mute = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=300`, from: "x@example.com", log });
    const id = await enqueueJob(db, passwordResetJob, reset("silent@example.com"), now());
    const started = Date.now();
    expect(await worker(mute).runOnce()).toBe(1);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await findJob(db, id)).toMatchObject({ status: "queued", last_error: expect.stringMatching(/greeting/i) });
    mute.close();
    silent.close();
    await db.deleteFrom("jobs").where("id", "=", id).execute();
  });

  it("lets the job in hand finish when stopped, and a new worker sends what is left", async () => {
    const { db } = testDb();
    clock = T0;
    const slow = await startSmtpSink({ delayMs: 300 });
    const slowMailer = createMailer({ smtpUrl: slow.url, from: "x@example.com", log });
    const id = await enqueueJob(db, passwordResetJob, reset("in-hand@example.com"), now());
    // The worker polls on a timer: a clock that runs as usual and that the test can move on.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"], shouldAdvanceTime: true });
    let left: string;
    try {
      const first = worker(slowMailer);
      first.start();
      await expect.poll(async () => (await findJob(db, id))?.status, { interval: 10 }).toBe("running");
      await first.stop();
      expect(await findJob(db, id)).toMatchObject({ status: "done" });
      left = await enqueueJob(db, passwordResetJob, reset("left@example.com"), now());
      // A second on: fifty of its polls, had it scheduled any more.
      await vi.advanceTimersByTimeAsync(1_000);
    } finally {
      vi.useRealTimers();
    }
    expect(await findJob(db, left)).toMatchObject({ status: "queued" }); // the stopped worker took nothing more
    const second = worker();
    second.start();
    await expect.poll(async () => (await findJob(db, left))?.status).toBe("done");
    await second.stop();
    slowMailer.close();
    await slow.close();
  });

  it("sends each job once when two workers with their own connections claim at the same time", async () => {
    const { db, url } = testDb();
    clock = T0;
    const before = sink.received.length;
    const addresses = Array.from({ length: 40 }, (_, i) => `both-${i}@example.com`);
    for (const to of addresses) await enqueueJob(db, passwordResetJob, reset(to), now());
    const otherDb = createDatabase(url, { poolSize: 5 });
    const otherMailer = createMailer({ smtpUrl: sink.url, from: "x@example.com", log });
    const a = worker(mailer);
    const b = worker(otherMailer, otherDb);
    const counts = await Promise.all(
      [a, b].map(async (w) => {
        let total = 0;
        for (let n = -1; n !== 0; total += n) n = await w.runOnce();
        return total;
      }),
    );
    expect(counts[0]! + counts[1]!).toBe(40);
    await sink.waitFor(before + 40);
    const sent = sink.received
      .slice(before)
      .flatMap((m) => m.to)
      .sort();
    expect(sent).toEqual([...addresses].sort());
    otherMailer.close();
    await otherDb.destroy();
  });

  it("never hands one job to two claimers, however many claim at once", async () => {
    const { db, url, kind } = testDb();
    clock = T0 + 48 * HOUR_MS;
    for (let i = 0; i < 60; i++) await enqueueJob(db, passwordResetJob, reset(`race-${i}@example.com`), now());
    const otherDb = createDatabase(url, { poolSize: 5 });
    const claim = (on: typeof db, workerId: string) =>
      claimDueJobs(on, {
        now: now().toISOString(),
        lockedUntil: new Date(clock + MINUTE_MS).toISOString(),
        workerId,
        limit: 4,
        postgres: kind === "postgres",
      });
    const claimed: string[] = [];
    for (let round = 0; round < 4; round++) {
      const batches = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(i % 2 ? otherDb : db, `w${i}`)));
      claimed.push(...batches.flat().map((job) => job.id));
    }
    await otherDb.destroy();
    expect(claimed.length).toBeGreaterThan(0);
    expect(new Set(claimed).size).toBe(claimed.length);
  });
});
