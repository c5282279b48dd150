import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { describeWait, hitRateLimit, takeRateLimits, type RateLimitRule } from "./rate-limit.service.server";

const rule: RateLimitRule = { name: "test-rule", limit: 10, windowSeconds: 900 };
const boundary = Date.parse("2026-11-22T13:30:00Z"); // a multiple of 15 minutes

describeEachDatabase("rate limits", (testDb) => {
  const hits = async (who: string, count: number, at: number) => {
    const results = [];
    for (let i = 0; i < count; i++) results.push(await hitRateLimit(testDb().db, rule, who, at));
    return results;
  };

  it("allows the limit and refuses the next attempt, saying how long to wait", async () => {
    const results = await hits("steady", 11, boundary + 60_000);
    expect(results.slice(0, 10).every((r) => r.allowed)).toBe(true);
    expect(results[10]).toEqual({ allowed: false, retryAfterSeconds: 840 });
  });

  it("holds across a window boundary: ten just before it and one just after is one too many", async () => {
    expect((await hits("boundary", 10, boundary - 2_000)).every((r) => r.allowed)).toBe(true);
    const [after] = await hits("boundary", 1, boundary + 1_000);
    expect(after!.allowed).toBe(false);
    expect(after!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("lets the previous window fade: most of a window later there is room again", async () => {
    await hits("fading", 10, boundary - 2_000);
    expect((await hits("fading", 1, boundary + 600_000))[0]!.allowed).toBe(true); // 10 × (1 − 600/900) + 1 ≈ 4.3
    expect((await hits("fading", 1, boundary + 2 * 900_000))[0]!.allowed).toBe(true);
  });

  it("counts an attempt before it is checked: a refused one is not counted, a released one is taken back", async () => {
    const small: RateLimitRule = { name: "small-rule", limit: 3, windowSeconds: 900 };
    const other: RateLimitRule = { name: "other-rule", limit: 100, windowSeconds: 3600 };
    const at = boundary + 60_000;
    const count = async (key: string) =>
      Number(
        (await testDb().db.selectFrom("rate_limit_hits").select("count").where("key", "=", key).executeTakeFirst())
          ?.count ?? 0,
      );
    const take = () =>
      takeRateLimits(
        testDb().db,
        [
          [small, "who"],
          [other, "who"],
        ],
        { now: at },
      );
    const taken = [await take(), await take(), await take()];
    expect(taken.every((a) => a.allowed)).toBe(true);
    const fourth = await take();
    expect(fourth).toMatchObject({ allowed: false, retryAfterSeconds: 840 });
    expect([await count("small-rule:who"), await count("other-rule:who")]).toEqual([3, 3]);
    await taken[0]!.release();
    await taken[0]!.release(); // once only
    expect([await count("small-rule:who"), await count("other-rule:who")]).toEqual([2, 2]);
    expect((await take()).allowed).toBe(true);
    expect((await take()).allowed).toBe(false);
  });

  it("keeps people apart", async () => {
    await hits("one person", 11, boundary);
    expect((await hits("another person", 1, boundary))[0]!.allowed).toBe(true);
  });
});

it("describes waits in words", () => {
  expect(describeWait(3500)).toBe("about an hour");
  expect(describeWait(30)).toBe("a minute");
  expect(describeWait(840)).toBe("about 14 minutes");
  expect(describeWait(5400)).toBe("about 2 hours");
  expect(describeWait(20 * 3600)).toBe("about 20 hours");
});
