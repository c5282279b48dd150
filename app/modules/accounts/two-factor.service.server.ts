/**
 * Two-factor sign-in with Better Auth's plugin (docs/decisions/021): the code step of a sign-in, and what the shop adds
 * around it: a code is accepted once (the plugin would take it again while it is valid), wrong codes are limited per
 * client address and per account (counted before the code is checked, so a burst is checked at most up to the limit),
 * and the session that proved the second factor is marked, because the back office asks for exactly that. The session
 * read, Better Auth's call and the mark all go through the one session cookie Better Auth validated (issue 26,
 * docs/decisions/033).
 */
import { isAPIError } from "better-auth/api";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import type { ShopContext } from "~/context";
import {
  takeRateLimits,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_FAILURES_PER_ADDRESS,
} from "~/modules/security/rate-limit.service.server";
import { type SessionUser } from "./accounts";
import { check } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";
import { cookiesOf } from "./accounts.service.server";
import { authHeaders } from "./auth-cookies.server";
import { getValidatedSession, readSignedCookie } from "./session.service.server";
import { limitedPasswordCheck } from "./sign-in-limits.service.server";
import { codeInput, passwordInput, recoveryInput, twoFactorMessages } from "./two-factor";
import { forgetSetup, passwordRefusals } from "./two-factor-setup.service.server";
import * as repo from "./two-factor.repository.server";
import { typedRecoveryCode } from "./recovery-codes.server";
import { recordStaffSignIn, staffAccount } from "./sign-in-audit.server";

export { pendingSetup, qrCodeFor, startTwoFactorSetup, type SetupStarted } from "./two-factor-setup.service.server";

export type TwoFactorResult = Result<{ headers: Headers }>;

/** A TOTP code stays valid for up to 90 seconds (the plugin accepts one step either side): remember it longer. */
const CODE_MEMORY_MS = 3 * 60_000;

/**
 * Whose code this is, as Better Auth decides it: the signed-in session's account, else the account a password sign-in
 * waiting for its code names (the shop.two_factor cookie). Null when neither (or when either cookie came twice).
 */
async function accountAsked(ctx: ShopContext, request: Request, now: Date): Promise<string | null> {
  const session = await getValidatedSession(ctx, request);
  if (session) return session.user.id;
  const identifier = readSignedCookie(request.headers.get("cookie"), "two_factor", ctx.auth.options);
  if (!identifier) return null;
  const pending = await repo.findPendingSignIn(ctx.db, identifier);
  return pending && pending.expiresAt.getTime() > now.getTime() ? pending.userId : null;
}

/** Takes the code for the account, once: false when it was accepted in the last few minutes. */
async function claimCode(db: Db, userId: string, code: string, now: Date): Promise<boolean> {
  await repo.forgetCodesBefore(db, new Date(now.getTime() - CODE_MEMORY_MS).toISOString());
  try {
    await repo.insertUsedCode(db, userId, code, now.toISOString());
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Marks the session Better Auth's answer names as second-factor proven: the session it sets (a sign-in's new one, or
 * the set-up's replacement), else the one it validated (its `token`). Never a cookie of the request itself.
 */
async function markSession(ctx: ShopContext, userId: string, answer: Headers, token: unknown, now: Date) {
  const setCookies = answer
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const proven = readSignedCookie(setCookies, "session_token", ctx.auth.options) ?? token;
  if (typeof proven === "string" && proven) await repo.markSessionProven(ctx.db, proven, userId, now.toISOString());
}

const errorCode = (error: unknown) =>
  isAPIError(error) ? String((error.body as { code?: string } | undefined)?.code ?? "") : "";

/**
 * The code step: of a password sign-in (the shop.two_factor cookie), of a signed-in session that has not proved it
 * yet (Google, or before the back office), or the first code of a set-up. The code from the authenticator app, or a
 * recovery code (each works once).
 */
export async function verifySecondFactor(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
  kind: "totp" | "recovery",
  now = new Date(),
): Promise<TwoFactorResult> {
  const checked = kind === "totp" ? check(codeInput, values) : check(recoveryInput, values);
  if (!checked.ok) return checked;
  const field = kind === "totp" ? "code" : "recoveryCode";
  const code = "code" in checked.data ? checked.data.code : typedRecoveryCode(checked.data.recoveryCode);
  const userId = await accountAsked(ctx, request, now);
  if (!userId) return fail("sign-in", twoFactorMessages.expired);
  // Counted, against this address and the account the code is for, before it is checked; a right code is taken back.
  const attempt = await takeRateLimits(ctx.db, [
    [TWO_FACTOR_FAILURES_PER_ADDRESS, ctx.clientIp],
    [TWO_FACTOR_FAILURES_PER_ACCOUNT, userId],
  ]);
  if (!attempt.allowed) return fail("too-many", twoFactorMessages.tooMany);
  // A staff account's second factor goes in the audit log (docs/decisions/080): a set-up's first code is its enrolment.
  const staff = await staffAccount(ctx, { id: userId });
  const enrolling = (await getValidatedSession(ctx, request))?.user.twoFactorEnabled === false;
  const codeFailed = (reason: string) =>
    staff
      ? recordStaffSignIn(ctx, staff, {
          action: "two-factor.code-failed",
          outcome: "refused",
          details: { kind, reason },
        })
      : null;
  if (kind === "totp" && !(await claimCode(ctx.db, userId, code, now))) {
    await attempt.release();
    await codeFailed("used already");
    return failFields({ code: twoFactorMessages.reusedCode });
  }
  let answer: { headers: Headers; response: unknown };
  try {
    const call = { body: { code }, headers: authHeaders(request, ctx.auth.options), returnHeaders: true as const };
    answer = kind === "totp" ? await ctx.auth.api.verifyTOTP(call) : await ctx.auth.api.verifyBackupCode(call);
  } catch (error) {
    if (kind === "totp") await repo.deleteUsedCode(ctx.db, userId, code);
    const reason = errorCode(error);
    const notChecked = !isAPIError(error) || error.statusCode >= 500 || /TWO_FACTOR_COOKIE|LOCK|TOO_MANY/.test(reason);
    if (notChecked) await attempt.release();
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    if (reason === "INVALID_TWO_FACTOR_COOKIE") return fail("sign-in", twoFactorMessages.expired);
    if (/LOCK|TOO_MANY/.test(reason)) return fail("too-many", twoFactorMessages.tooMany);
    await codeFailed("wrong");
    return failFields({
      [field]: kind === "totp" ? twoFactorMessages.wrongCode : twoFactorMessages.wrongRecoveryCode,
    });
  }
  await attempt.release();
  const proved = answer.response as { token?: unknown; user?: { id?: unknown } } | null;
  if (proved?.user?.id !== userId) {
    // Never expected: the code was checked for another account than the one counted. Nothing is marked or set.
    ctx.log.warn({ userId }, "a second factor was verified for another account than asked; refused");
    return fail("sign-in", twoFactorMessages.expired);
  }
  await markSession(ctx, userId, answer.headers, proved.token, now);
  await forgetSetup(ctx, userId);
  if (staff && enrolling) await recordStaffSignIn(ctx, staff, { action: "two-factor.enrol" });
  if (staff && kind === "recovery") await recordStaffSignIn(ctx, staff, { action: "two-factor.recovery-code-used" });
  return { ok: true, headers: cookiesOf(answer.headers) };
}

/** Turns it off (customers only: staff keep it), with the password (limited like a sign-in). */
export async function turnOffTwoFactor(
  ctx: ShopContext,
  request: Request,
  user: SessionUser,
  values: Record<string, string>,
): Promise<TwoFactorResult> {
  if (user.role === "staff") return fail("not-allowed", twoFactorMessages.staffKeepOn);
  const checked = check(passwordInput, values);
  if (!checked.ok) return checked;
  const result = await limitedPasswordCheck(
    ctx.db,
    user.email,
    ctx.clientIp,
    () =>
      ctx.auth.api.disableTwoFactor({
        body: { password: checked.data.password },
        headers: authHeaders(request, ctx.auth.options),
        returnHeaders: true,
      }),
    passwordRefusals,
  );
  if (!result.ok) return result;
  await forgetSetup(ctx, user.id);
  return { ok: true, headers: cookiesOf(result.value.headers) };
}
