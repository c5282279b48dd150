import type { Db } from "~/db/database.server";
import * as hits from "./rate-limit.repository.server";

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };
export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number };

/** Contact form: five messages an hour from one client address, and three an hour about one e-mail address. */
export const CONTACT_PER_ADDRESS: RateLimitRule = { name: "contact-ip", limit: 5, windowSeconds: 3600 };
export const CONTACT_PER_EMAIL: RateLimitRule = { name: "contact-email", limit: 3, windowSeconds: 3600 };
/**
 * Failed sign-ins only (a correct password never counts): per client address (spraying many accounts), per e-mail
 * and address pair (guessing one account from one place), and per e-mail (guessing one account from many places).
 * The per-e-mail limit holds back only addresses that have failed on that e-mail themselves, so an attacker cannot
 * lock the owner out (docs/decisions/013).
 */
export const SIGN_IN_FAILURES_PER_ADDRESS: RateLimitRule = { name: "signin-fail-ip", limit: 30, windowSeconds: 900 };
export const SIGN_IN_FAILURES_PER_PAIR: RateLimitRule = { name: "signin-fail-pair", limit: 5, windowSeconds: 900 };
export const SIGN_IN_FAILURES_PER_EMAIL: RateLimitRule = { name: "signin-fail-email", limit: 10, windowSeconds: 900 };
export const SIGN_UP_PER_ADDRESS: RateLimitRule = { name: "signup-ip", limit: 10, windowSeconds: 3600 };
/** Every sign-up sends an e-mail to the address given: at most three an hour to one address. */
export const SIGN_UP_PER_EMAIL: RateLimitRule = { name: "signup-email", limit: 3, windowSeconds: 3600 };
/** 'Email me when it's back' requests from one client address. */
export const STOCK_ALERT_PER_ADDRESS: RateLimitRule = { name: "stock-alert-ip", limit: 10, windowSeconds: 3600 };
/** Wrong two-factor codes (on top of Better Auth's own per-sign-in and per-account lockout). */
export const TWO_FACTOR_FAILURES_PER_ADDRESS: RateLimitRule = { name: "2fa-fail-ip", limit: 20, windowSeconds: 900 };
export const TWO_FACTOR_FAILURES_PER_ACCOUNT: RateLimitRule = { name: "2fa-fail-user", limit: 8, windowSeconds: 900 };
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
export async function hitRateLimit(
  db: Db,
  rule: RateLimitRule,
  who: string,
  now = Date.now(),
): Promise<RateLimitResult> {
  const { windowStart, nowSeconds } = windowOf(rule, now);
  const key = `${rule.name}:${who}`;
  const current = await hits.incrementHits(db, key, windowStart);
  const before = await hits.hitsIn(db, key, windowStart - rule.windowSeconds);
  // Now and then, counts older than two days go (no rule looks back that far).
  if (Math.random() < 0.01) await hits.deleteWindowsBefore(db, nowSeconds - 2 * 86_400);
  return judge(rule, current, before, nowSeconds - windowStart);
}

/** How `who` stands under the rule without counting anything; `recent` is the weighted count of the last window. */
export async function peekRateLimit(
  db: Db,
  rule: RateLimitRule,
  who: string,
  now = Date.now(),
): Promise<RateLimitResult & { recent: number }> {
  const { windowStart, nowSeconds } = windowOf(rule, now);
  const key = `${rule.name}:${who}`;
  const current = await hits.hitsIn(db, key, windowStart);
  const before = await hits.hitsIn(db, key, windowStart - rule.windowSeconds);
  const elapsed = nowSeconds - windowStart;
  const recent = current + before * (1 - elapsed / rule.windowSeconds);
  // Allowed while one more attempt would still be within the limit.
  const next = judge(rule, current + 1, before, elapsed);
  return { ...next, recent };
}

/** Forgets every count of the rule for `who` (e.g. failed sign-ins once the owner has reset the password). */
export async function clearRateLimit(db: Db, rule: RateLimitRule, who: string): Promise<void> {
  await hits.deleteKey(db, `${rule.name}:${who}`);
}

/** Forgets the counts of every key of the rule that starts with `prefix` (e.g. every address's pair with an e-mail). */
export async function clearRateLimitPrefix(db: Db, rule: RateLimitRule, prefix: string): Promise<void> {
  await hits.deleteKeysStartingWith(db, `${rule.name}:${prefix}`);
}

function windowOf(rule: RateLimitRule, now: number) {
  const nowSeconds = Math.floor(now / 1000);
  return { nowSeconds, windowStart: nowSeconds - (nowSeconds % rule.windowSeconds) };
}

/** Within the limit, or how long until the sliding estimate falls back to it. */
function judge(rule: RateLimitRule, current: number, before: number, elapsed: number): RateLimitResult {
  const estimate = current + before * (1 - elapsed / rule.windowSeconds);
  if (estimate <= rule.limit) return { allowed: true, retryAfterSeconds: 0 };
  // When the estimate falls back to the limit: within this window as the previous one fades, or else at its end.
  const fadesAt =
    current < rule.limit && before > 0
      ? rule.windowSeconds * (1 - (rule.limit - current) / before)
      : rule.windowSeconds;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(fadesAt - elapsed)) };
}

/** "about an hour", "about 5 minutes": for messages to people. */
export function describeWait(seconds: number): string {
  if (seconds >= 3000) return "about an hour";
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "a minute" : `about ${minutes} minutes`;
}
