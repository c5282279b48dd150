import type { Db } from "~/db/database.server";
import {
  clearRateLimit,
  clearRateLimitPrefix,
  hitRateLimits,
  peekRateLimit,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_PAIR,
  type RateLimitResult,
} from "~/modules/security/rate-limit.service.server";

const pairKey = (email: string, clientIp: string) => `${email}|${clientIp}`;

/**
 * Whether this address may try a password for this e-mail now. Only failures count. An attack on one e-mail from
 * many addresses closes it to the addresses that have failed on it; an address with no recent failure for it (the
 * owner at home) still gets through, so nobody can lock a customer out by guessing (docs/decisions/013).
 */
export async function signInAllowed(db: Db, email: string, clientIp: string): Promise<RateLimitResult> {
  const byAddress = await peekRateLimit(db, SIGN_IN_FAILURES_PER_ADDRESS, clientIp);
  if (!byAddress.allowed) return byAddress;
  const byPair = await peekRateLimit(db, SIGN_IN_FAILURES_PER_PAIR, pairKey(email, clientIp));
  if (!byPair.allowed) return byPair;
  if (byPair.recent > 0) {
    const byEmail = await peekRateLimit(db, SIGN_IN_FAILURES_PER_EMAIL, email);
    if (!byEmail.allowed) return byEmail;
  }
  return { allowed: true, retryAfterSeconds: 0 };
}

/** A wrong password (or an unknown e-mail): counted per address, per e-mail and address, and per e-mail. */
export async function recordSignInFailure(db: Db, email: string, clientIp: string): Promise<void> {
  await hitRateLimits(db, [
    [SIGN_IN_FAILURES_PER_ADDRESS, clientIp],
    [SIGN_IN_FAILURES_PER_PAIR, pairKey(email, clientIp)],
    [SIGN_IN_FAILURES_PER_EMAIL, email],
  ]);
}

/** The owner has reset the password by the e-mailed link: the guesses against the account no longer hold it back. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await clearRateLimit(db, SIGN_IN_FAILURES_PER_EMAIL, email);
  await clearRateLimitPrefix(db, SIGN_IN_FAILURES_PER_PAIR, `${email}|`);
}
