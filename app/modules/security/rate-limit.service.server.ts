import type { Db } from "~/db/database.server";
import { fail, type Failure, type Result } from "~/lib/result";
import * as repo from "./rate-limit.repository.server";

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
/** Staff invitations sent, per member of staff (issue 63). */
export const STAFF_INVITES_PER_STAFF: RateLimitRule = { name: "staff-invite-user", limit: 20, windowSeconds: 3600 };
/** Unknown or used staff-invitation links opened, per client address (guessing tokens). */
export const STAFF_INVITATION_FAILURES_PER_ADDRESS: RateLimitRule = {
  name: "staff-invitation-fail-ip",
  limit: 20,
  windowSeconds: 900,
};
/** Replies to contact messages a member of staff sends from the back office (each is an e-mail; docs/decisions/085). */
export const MESSAGE_REPLIES_PER_STAFF: RateLimitRule = { name: "message-reply-user", limit: 30, windowSeconds: 3600 };
export const RESET_PER_EMAIL: RateLimitRule = { name: "reset-email", limit: 3, windowSeconds: 3600 };

/**
 * Orders placed, per account and per client address, in a sliding hour; the limits are settings
 * (ORDERS_PER_HOUR_PER_ACCOUNT, ORDERS_PER_HOUR_PER_IP). Only orders really placed count (docs/decisions/070).
 */
export const ordersPerAccount = (limit: number): RateLimitRule => ({ name: "order-user", limit, windowSeconds: 3600 });
export const ordersPerClientAddress = (limit: number): RateLimitRule => ({
  name: "order-ip",
  limit,
  windowSeconds: 3600,
});

/**
 * What a customer's request e-mails the shop's staff about (a take-back, a return, a cancellation, a contact message
 * sent while signed in), per account: six in ten minutes and twenty a day (docs/decisions/070).
 */
export const STAFF_MAIL_PER_ACCOUNT: RateLimitRule = { name: "staff-mail-user", limit: 6, windowSeconds: 600 };
export const STAFF_MAIL_PER_ACCOUNT_DAY: RateLimitRule = {
  name: "staff-mail-user-day",
  limit: 20,
  windowSeconds: 86_400,
};

export type RateLimitHit = [RateLimitRule, string];

/** One attempt counted under several rules: each rule's standing with it, and how to take it back. */
export type CountedAttempt = {
  /** Per rule, in the order given: the standing with this attempt counted, and the (weighted) count before it. */
  results: Array<RateLimitResult & { earlier: number }>;
  /** Takes this attempt back under every rule (once): it turned out not to count, e.g. a right password. */
  release: () => Promise<void>;
};

/** An attempt allowed (counted until released) or refused (not counted). */
export type Attempt = RateLimitResult & { release: () => Promise<void> };

const ALLOWED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };
const nothing = async () => {};

/** The refusal that lasts longest among these standings, or "allowed". */
export function worstOf(results: RateLimitResult[]): RateLimitResult {
  let worst = ALLOWED;
  for (const result of results)
    if (!result.allowed && (worst.allowed || result.retryAfterSeconds >= worst.retryAfterSeconds)) worst = result;
  return { allowed: worst.allowed, retryAfterSeconds: worst.retryAfterSeconds };
}

type Counted = { rule: RateLimitRule; key: string; windowStart: number; nowSeconds: number };

function keysOf(hits: RateLimitHit[], now: number): Counted[] {
  const counted = hits.map(([rule, who]) => ({ rule, key: `${rule.name}:${who}`, ...windowOf(rule, now) }));
  if (new Set(counted.map((c) => c.key)).size !== counted.length) throw new Error("a rate-limit key given twice");
  return counted;
}

const previousWindows = (counted: Counted[]) =>
  counted.map(({ key, rule, windowStart }) => ({ key, windowStart: windowStart - rule.windowSeconds }));

/** Each rule's standing with `mine` as this attempt's count in the window and `previous` the last window's count. */
function standings(counted: Counted[], mine: (key: string) => number, previous: Map<string, number>) {
  return counted.map(({ rule, key, windowStart, nowSeconds }) => {
    const elapsed = nowSeconds - windowStart;
    const before = previous.get(key) ?? 0;
    return {
      ...judge(rule, mine(key), before, elapsed),
      earlier: mine(key) - 1 + before * (1 - elapsed / rule.windowSeconds),
    };
  });
}

/**
 * Counts one attempt under every rule, kept in the database so that every server copy shares it, before anything is
 * checked: one statement increments each rule's count for `who` and returns it, so requests sent at the same moment
 * each see a count of their own and a burst is let through at most up to the limit (issue 26). A sliding window: this
 * window's count plus the previous window's, weighted by how much of it still lies within the last `windowSeconds`,
 * so the limit holds across a window boundary too (no double burst at :00).
 */
export async function countAttempt(db: Db, hits: RateLimitHit[], now = Date.now()): Promise<CountedAttempt> {
  const counted = keysOf(hits, now);
  const current = await repo.incrementHits(db, counted);
  const previous = await repo.hitsIn(db, previousWindows(counted));
  // Now and then, counts older than two days go (no rule looks back that far).
  if (Math.random() < 0.01) await repo.deleteWindowsBefore(db, Math.floor(now / 1000) - 2 * 86_400);
  let released: Promise<void> | undefined;
  return {
    results: standings(counted, (key) => current.get(key) ?? 1, previous),
    release: () => (released ??= repo.decrementHits(db, counted)),
  };
}

/**
 * How an attempt would stand if it were counted now, read in one query without writing anything. Only a shortcut for
 * a refusal that is already clear (a flood past the limit then costs no write); countAttempt decides.
 */
async function standingsIfCounted(db: Db, hits: RateLimitHit[], now: number) {
  const counted = keysOf(hits, now);
  const counts = await repo.hitsIn(db, [...counted, ...previousWindows(counted)], true);
  const inWindow = (window: { key: string; windowStart: number }) => counts.get(`${window.windowStart}:${window.key}`);
  const previous = new Map(previousWindows(counted).map((w) => [w.key, inWindow(w) ?? 0]));
  return standings(counted, (key) => (inWindow(counted.find((c) => c.key === key)!) ?? 0) + 1, previous);
}

export type StandingRule = (results: Array<RateLimitResult & { earlier: number }>) => RateLimitResult;

/**
 * For attempts that count only when they fail (a password, a two-factor code): counted before the check, and refused
 * (and not counted) when the rules are over their limit (`decide`: by default any rule). The caller releases an
 * allowed attempt that did not fail.
 */
export async function takeRateLimits(
  db: Db,
  hits: RateLimitHit[],
  options: { now?: number; decide?: StandingRule } = {},
): Promise<Attempt> {
  const { now = Date.now(), decide = worstOf } = options;
  const clear = decide(await standingsIfCounted(db, hits, now));
  if (!clear.allowed) return { ...clear, release: nothing };
  const attempt = await countAttempt(db, hits, now);
  const standing = decide(attempt.results);
  if (standing.allowed) return { ...standing, release: attempt.release };
  await attempt.release();
  return { ...standing, release: nothing };
}

/** Counts one request under every rule given, refused or not (sign-ups, resets, messages); the longest wait wins. */
export async function hitRateLimits(db: Db, hits: RateLimitHit[], now = Date.now()): Promise<RateLimitResult> {
  return worstOf((await countAttempt(db, hits, now)).results);
}

/** Counts one request for `who` under the rule (see countAttempt). */
export const hitRateLimit = (db: Db, rule: RateLimitRule, who: string, now = Date.now()): Promise<RateLimitResult> =>
  hitRateLimits(db, [[rule, who]], now);

const staffMailHits = (userId: string): RateLimitHit[] => [
  [STAFF_MAIL_PER_ACCOUNT, userId],
  [STAFF_MAIL_PER_ACCOUNT_DAY, userId],
];

/**
 * A request that will e-mail staff, for this account: counted before it is made, refused (and not counted) past the
 * limits; the caller releases it when the request changed nothing (refused for another reason).
 */
const takeStaffMail = (db: Db, userId: string, now = Date.now()): Promise<Attempt> =>
  takeRateLimits(db, staffMailHits(userId), { now });

/**
 * A request the customer has a right to make whatever the limits (a cancellation): counted in any case; `allowed`
 * says whether it is within them (past them the caller sends staff only what they must act on).
 */
export async function countStaffMail(db: Db, userId: string, now = Date.now()): Promise<Attempt> {
  const attempt = await countAttempt(db, staffMailHits(userId), now);
  return { ...worstOf(attempt.results), release: attempt.release };
}

/** What the customer reads when a request that e-mails staff is refused: nothing was changed, and when to try. */
export const staffMailRefused = (retryAfterSeconds: number) =>
  `You have sent us several requests in a short time. Nothing was changed: please try again in ${describeWait(retryAfterSeconds)}, or message us on WhatsApp.`;

/**
 * Runs a customer's request that e-mails staff within the account's limits: past them it is refused (429) before
 * anything is done; a request that is refused for another reason is not counted.
 */
export async function withinStaffMailLimit<T extends Result>(
  db: Db,
  userId: string,
  request: () => Promise<T>,
  now = Date.now(),
): Promise<T | Failure> {
  const allowance = await takeStaffMail(db, userId, now);
  if (!allowance.allowed) return fail("too-many", staffMailRefused(allowance.retryAfterSeconds));
  let done = false;
  try {
    const result = await request();
    done = result.ok;
    return result;
  } finally {
    if (!done) await allowance.release();
  }
}

/** Forgets every count of the rule for `who` (e.g. failed sign-ins once the owner has reset the password). */
export async function clearRateLimit(db: Db, rule: RateLimitRule, who: string): Promise<void> {
  await repo.deleteKey(db, `${rule.name}:${who}`);
}

/** Forgets the counts of every key of the rule that starts with `prefix` (e.g. every address's pair with an e-mail). */
export async function clearRateLimitPrefix(db: Db, rule: RateLimitRule, prefix: string): Promise<void> {
  await repo.deleteKeysStartingWith(db, `${rule.name}:${prefix}`);
}

/** Forgets every count about an address, of every rule ('Delete my account', docs/decisions/020). */
export async function eraseRateLimitsAbout(db: Db, email: string): Promise<void> {
  await repo.deleteKeysContaining(db, email);
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

/** "about 3 hours", "about an hour", "about 5 minutes": for messages to people. */
export function describeWait(seconds: number): string {
  if (seconds >= 5400) return `about ${Math.round(seconds / 3600)} hours`;
  if (seconds >= 3000) return "about an hour";
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "a minute" : `about ${minutes} minutes`;
}
