/**
 * Proving that the person asking is the account's owner before something that cannot be undone (erasing the account,
 * docs/decisions/020): their password, counted like a sign-in, or for an account without one (Google) a sign-in in
 * the last minutes.
 */
import type { ShopContext } from "~/context";
import { fail, failFields, type Result } from "~/lib/result";
import { describeWait } from "~/modules/security/rate-limit.service.server";
import type { SessionUser } from "./accounts";
import { findPasswordHash } from "./accounts.repository.server";
import { authHeaders } from "./auth-cookies.server";
import { startSignInAttempt } from "./sign-in-limits.service.server";
import { twoFactorMessages } from "./two-factor";

/** What the action being guarded says when no password was typed, or the sign-in is not recent enough. */
export type OwnerProofWords = { passwordRequired: string; signInAgain: string };

/** A success, or the failure to show: under the password field, or in the page's alert. */
export async function proveOwner(
  ctx: ShopContext,
  request: Request,
  user: SessionUser,
  password: string,
  recentMinutes: number,
  words: OwnerProofWords,
): Promise<Result> {
  const auth = await ctx.auth.$context;
  const login = await findPasswordHash(ctx.db, user.id);
  if (login?.password) {
    if (!password) return failFields({ password: words.passwordRequired });
    // Counted before it is checked, like a sign-in; a right password is taken back.
    const attempt = await startSignInAttempt(ctx.db, user.email.toLowerCase(), ctx.clientIp);
    if (!attempt.allowed)
      return fail(
        "too-many",
        `Too many wrong passwords. Please wait ${describeWait(attempt.retryAfterSeconds)} and try again.`,
      );
    let right: boolean;
    try {
      right = await auth.password.verify({ hash: login.password, password });
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (!right) return failFields({ password: twoFactorMessages.wrongPassword });
    await attempt.release();
    return { ok: true };
  }
  const session = await ctx.auth.api.getSession({
    headers: authHeaders(request, ctx.auth.options),
    query: { disableCookieCache: true },
  });
  const startedAt = session ? new Date(session.session.createdAt).getTime() : 0;
  return Date.now() - startedAt <= recentMinutes * 60_000 ? { ok: true } : fail("not-allowed", words.signInAgain);
}
