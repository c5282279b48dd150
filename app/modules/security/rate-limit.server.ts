import { sql } from "kysely";
import type { Db } from "~/db/database.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Contact form: five messages an hour from one client address. */
export const CONTACT_PER_ADDRESS: RateLimitRule = { name: "contact-ip", limit: 5, windowSeconds: 3600 };
/** Sign-in attempts: per client address, and per e-mail address whoever tries it. */
export const SIGN_IN_PER_ADDRESS: RateLimitRule = { name: "signin-ip", limit: 30, windowSeconds: 900 };
export const SIGN_IN_PER_EMAIL: RateLimitRule = { name: "signin-email", limit: 10, windowSeconds: 900 };
export const SIGN_UP_PER_ADDRESS: RateLimitRule = { name: "signup-ip", limit: 10, windowSeconds: 3600 };
export const RESET_PER_ADDRESS: RateLimitRule = { name: "reset-ip", limit: 10, windowSeconds: 3600 };
export const RESET_PER_EMAIL: RateLimitRule = { name: "reset-email", limit: 3, windowSeconds: 3600 };

/** Counts one attempt under every rule given; the first rule over its limit says how long to wait. */
export async function hitRateLimits(db: Db, hits: Array<[RateLimitRule, string]>): Promise<RateLimitResult> {
  let worst: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
  for (const [rule, who] of hits) {
    const result = await hitRateLimit(db, rule, who);
    if (!result.allowed && result.retryAfterSeconds >= worst.retryAfterSeconds) worst = result;
  }
  return worst;
}

/**
 * Counts one attempt for `who` under the rule, kept in the database so that every server copy shares it. A sliding
 * window: this window's count plus the previous window's, weighted by how much of it still lies within the last
 * `windowSeconds`, so the limit holds across a window boundary too (no double burst at :00).
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, who: string, now = Date.now()): Promise<RateLimitResult> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const key = `${rule.name}:${who}`;
  const row = await db
    .insertInto("rate_limit_hits")
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((oc) => oc.columns(["key", "window_start"]).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }))
    .returning("count")
    .executeTakeFirstOrThrow();
  const previous = await db
    .selectFrom("rate_limit_hits")
    .select("count")
    .where("key", "=", key)
    .where("window_start", "=", windowStart - rule.windowSeconds)
    .executeTakeFirst();
  if (Math.random() < 0.01) {
    await db.deleteFrom("rate_limit_hits").where("window_start", "<", nowSeconds - 2 * 86_400).execute();
  }
  const current = Number(row.count);
  const before = Number(previous?.count ?? 0);
  const elapsed = nowSeconds - windowStart;
  const estimate = current + before * (1 - elapsed / rule.windowSeconds);
  if (estimate <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // When the estimate falls back to the limit: within this window as the previous one fades, or else at its end.
  const fadesAt = current < rule.limit && before > 0 ? rule.windowSeconds * (1 - (rule.limit - current) / before) : rule.windowSeconds;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(fadesAt - elapsed)) };
}

/** "about an hour", "about 5 minutes": for messages to people. */
export function describeWait(seconds: number): string {
  if (seconds >= 3000) return "about an hour";
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "a minute" : `about ${minutes} minutes`;
}
