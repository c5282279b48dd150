import { describe, expect, it } from "vitest";
import { transportUrl } from "~/lib/mailer.server";
import { afterFailure } from "./jobs.service.server";
import { HOUR_MS, isPermanentFailure, MINUTE_MS, PermanentJobError, retryDelayMs } from "./jobs";

describe("job retries", () => {
  it("waits 1, 2, 4 … minutes after each failure, never more than an hour, moved by at most 10 %", () => {
    const middle = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((attempts) => retryDelayMs(attempts, 0.5));
    expect(middle).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((m) => m * MINUTE_MS));
    expect(retryDelayMs(1, 0)).toBe(0.9 * MINUTE_MS);
    expect(retryDelayMs(1, 0.999999)).toBeLessThanOrEqual(1.1 * MINUTE_MS);
    expect(retryDelayMs(12, 0.999999)).toBeLessThanOrEqual(1.1 * HOUR_MS);
    expect(retryDelayMs(2, 0.5, 100)).toBe(200);
  });

  it("treats SMTP 5xx refusals and PermanentJobError as final, everything else as worth a retry", () => {
    expect(isPermanentFailure(Object.assign(new Error("550 no such user"), { responseCode: 550 }))).toBe(true);
    expect(isPermanentFailure(Object.assign(new Error("421 try later"), { responseCode: 421 }))).toBe(false);
    expect(isPermanentFailure(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isPermanentFailure(new PermanentJobError("bad payload"))).toBe(true);
  });

  it("never schedules a retry past the give-up time, and fails a job that is out of time", () => {
    const job = { attempts: 7, give_up_at: "2026-11-24T10:00:00.000Z" };
    const error = new Error("timeout");
    expect(afterFailure(job, error, new Date("2026-11-24T09:30:00.000Z"), undefined, 0.5)).toEqual({
      status: "queued",
      runAt: job.give_up_at,
      error: "timeout",
    });
    expect(afterFailure(job, error, new Date("2026-11-24T10:00:00.000Z"))).toEqual({
      status: "failed",
      error: "timeout",
    });
  });
});

describe("SMTP transport", () => {
  it("pools connections and adds connection, greeting and socket timeouts unless SMTP_URL sets them", () => {
    const url = new URL(transportUrl("smtp://user:p%40ss@mail.example:587"));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pool: "true",
      connectionTimeout: "5000",
      greetingTimeout: "5000",
      socketTimeout: "10000",
    });
    expect(url.username).toBe("user");
    expect(url.password).toBe("p%40ss");
    expect(
      new URL(transportUrl("smtps://mail.example:465?socketTimeout=30000")).searchParams.get("socketTimeout"),
    ).toBe("30000");
  });
});
