/**
 * Proving that the person asking is the account's owner before something that cannot be undone (erasing the account,
 * docs/decisions/020): their password, counted like a sign-in, or for an account without one (Google) a sign-in in
 * the last minutes.
 */
import type { ShopContext } from "~/context";
import type { SessionUser } from "./accounts";
import { findPasswordHash } from "./accounts.repository.server";
import { authHeaders } from "./auth-cookies.server";
import { startSignInAttempt } from "./sign-in-limits.service.server";

export type OwnerProof =
  | { ok: true }
  | { ok: false; reason: "password-required" | "wrong-password" | "sign-in-again" }
  | { ok: false; reason: "too-many"; retryAfterSeconds: number };

export async function proveOwner(
  ctx: ShopContext,
  request: Request,
  user: SessionUser,
  password: string,
  recentMinutes: number,
): Promise<OwnerProof> {
  const auth = await ctx.auth.$context;
  const login = await findPasswordHash(ctx.db, user.id);
  if (login?.password) {
    if (!password) return { ok: false, reason: "password-required" };
    // Counted before it is checked, like a sign-in; a right password is taken back.
    const attempt = await startSignInAttempt(ctx.db, user.email.toLowerCase(), ctx.clientIp);
    if (!attempt.allowed) return { ok: false, reason: "too-many", retryAfterSeconds: attempt.retryAfterSeconds };
    let right: boolean;
    try {
      right = await auth.password.verify({ hash: login.password, password });
    } catch (error) {
      await attempt.release();
      throw error;
    }
    if (!right) return { ok: false, reason: "wrong-password" };
    await attempt.release();
    return { ok: true };
  }
  const session = await ctx.auth.api.getSession({
    headers: authHeaders(request, ctx.auth.options),
    query: { disableCookieCache: true },
  });
  const startedAt = session ? new Date(session.session.createdAt).getTime() : 0;
  return Date.now() - startedAt <= recentMinutes * 60_000 ? { ok: true } : { ok: false, reason: "sign-in-again" };
}
