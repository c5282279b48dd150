import { isAPIError } from "better-auth/api";
import type { Db } from "~/db/database.server";
import type { Failure, Result } from "~/lib/result";
import {
  clearRateLimit,
  clearRateLimitPrefix,
  takeRateLimits,
  SIGN_IN_FAILURES_PER_ADDRESS,
  SIGN_IN_FAILURES_PER_EMAIL,
  SIGN_IN_FAILURES_PER_PAIR,
  worstOf,
  type Attempt,
} from "~/modules/security/rate-limit.service.server";

const pairKey = (email: string, clientIp: string) => `${email}|${clientIp}`;

/**
 * A password tried for this e-mail from this address: counted (per address, per e-mail and address, per e-mail) before
 * the password is checked, so passwords sent at once are checked at most up to the limits (issue 26). Refused: not
 * counted, nothing is checked. Allowed: it stays counted as a failure unless the caller releases it (a right password
 * never counts). The per-e-mail limit holds back only addresses that have tried that e-mail themselves, so an attack
 * on one e-mail from many addresses never locks the owner out at home (docs/decisions/013).
 */
export function startSignInAttempt(db: Db, email: string, clientIp: string): Promise<Attempt> {
  return takeRateLimits(
    db,
    [
      [SIGN_IN_FAILURES_PER_ADDRESS, clientIp],
      [SIGN_IN_FAILURES_PER_PAIR, pairKey(email, clientIp)],
      [SIGN_IN_FAILURES_PER_EMAIL, email],
    ],
    {
      decide: ([byAddress, byPair, byEmail]) =>
        worstOf(byPair!.earlier > 0 ? [byAddress!, byPair!, byEmail!] : [byAddress!, byPair!]),
    },
  );
}

/** The owner has reset the password by the e-mailed link: the guesses against the account no longer hold it back. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await clearRateLimit(db, SIGN_IN_FAILURES_PER_EMAIL, email);
  await clearRateLimitPrefix(db, SIGN_IN_FAILURES_PER_PAIR, `${email}|`);
}

/** What the caller says when over the limits (`tooMany`), and when Better Auth refuses (`refused`: a wrong password). */
export type PasswordRefusals = { tooMany: (retryAfterSeconds: number) => Failure; refused: Failure };

const wrongPassword = (error: unknown) =>
  isAPIError(error) && (error.body as { code?: string } | undefined)?.code === "INVALID_PASSWORD";

/**
 * A signed-in account's password checked by Better Auth (changing it, setting up or turning off two-factor sign-in)
 * under the same limits as a sign-in: refused when over them; a wrong password stays counted, anything else (a right
 * one, another refusal) is taken back. Better Auth's refusals (4xx) are `refusals.refused`; 5xx are thrown.
 */
export async function limitedPasswordCheck<T>(
  db: Db,
  email: string,
  clientIp: string,
  check: () => Promise<T>,
  refusals: PasswordRefusals,
): Promise<Result<{ value: T }>> {
  const attempt = await startSignInAttempt(db, email.toLowerCase(), clientIp);
  if (!attempt.allowed) return refusals.tooMany(attempt.retryAfterSeconds);
  try {
    const value = await check();
    await attempt.release();
    return { ok: true, value };
  } catch (error) {
    if (!wrongPassword(error)) await attempt.release();
    if (isAPIError(error) && error.statusCode < 500) return refusals.refused;
    throw error;
  }
}
