/**
 * Two-factor sign-in with Better Auth's plugin (docs/decisions/021): set-up with a QR code and recovery codes, the
 * code step of a sign-in, and what the shop adds around it: a code is accepted once (the plugin would take it again
 * while it is valid), wrong codes are limited per client address and per account, and the session that proved the
 * second factor is marked, because the back office asks for exactly that.
 */
import { isAPIError } from "better-auth/api";
import QRCode from "qrcode";
import type { Db } from "~/db/database.server";
import { isUniqueViolation } from "~/db/errors.server";
import type { ShopContext } from "~/context";
import {
  hitRateLimits,
  peekRateLimit,
  TWO_FACTOR_FAILURES_PER_ACCOUNT,
  TWO_FACTOR_FAILURES_PER_ADDRESS,
} from "~/modules/security/rate-limit.service.server";
import { check, type SessionUser } from "./accounts";
import { cookiesOf } from "./accounts.service.server";
import { getSessionUser, readSignedCookie } from "./session.server";
import { codeInput, passwordInput, recoveryInput, twoFactorMessages } from "./two-factor";
import * as repo from "./two-factor.repository.server";

export type TwoFactorResult =
  | { ok: true; headers: Headers }
  | { ok: false; status: number; errors: Record<string, string>; formError: string | null };
export type SetupStarted =
  | { ok: true; totpUri: string; qrCode: string; recoveryCodes: string[] }
  | { ok: false; status: number; errors: Record<string, string>; formError: string | null };

const refused = (status: number, formError: string | null, errors: Record<string, string> = {}) => ({
  ok: false as const,
  status,
  errors,
  formError,
});
/** A TOTP code stays valid for up to 90 seconds (the plugin accepts one step either side): remember it longer. */
const CODE_MEMORY_MS = 3 * 60_000;

/** Whose code this is: the signed-in account, or the one a password sign-in waiting for its code (shop.two_factor) names. */
async function accountAsked(ctx: ShopContext, request: Request, now: Date): Promise<string | null> {
  const user = await getSessionUser(ctx, request);
  if (user) return user.id;
  const identifier = readSignedCookie(request.headers.get("cookie"), "two_factor", ctx.auth.options.secret);
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

/** Marks the session Better Auth's answer signs in with (or, when it sets none, the request's own) as second-factor proven. */
async function markSession(ctx: ShopContext, request: Request, answer: Headers, now: Date) {
  const secret = ctx.auth.options.secret;
  const fromAnswer = answer
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const token =
    readSignedCookie(fromAnswer, "session_token", secret) ??
    readSignedCookie(request.headers.get("cookie"), "session_token", secret);
  if (token) await repo.markSessionProven(ctx.db, token, now.toISOString());
}

async function limited(ctx: ShopContext, userId: string | null): Promise<boolean> {
  const byAddress = await peekRateLimit(ctx.db, TWO_FACTOR_FAILURES_PER_ADDRESS, ctx.clientIp);
  if (!byAddress.allowed) return true;
  return userId ? !(await peekRateLimit(ctx.db, TWO_FACTOR_FAILURES_PER_ACCOUNT, userId)).allowed : false;
}

const countFailure = (ctx: ShopContext, userId: string) =>
  hitRateLimits(ctx.db, [
    [TWO_FACTOR_FAILURES_PER_ADDRESS, ctx.clientIp],
    [TWO_FACTOR_FAILURES_PER_ACCOUNT, userId],
  ]);

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
  if ("errors" in checked) return refused(400, null, checked.errors);
  const field = kind === "totp" ? "code" : "recoveryCode";
  const code = "code" in checked.data ? checked.data.code : checked.data.recoveryCode;
  const userId = await accountAsked(ctx, request, now);
  if (await limited(ctx, userId)) return refused(429, twoFactorMessages.tooMany);
  if (!userId) return refused(401, twoFactorMessages.expired);
  if (kind === "totp" && !(await claimCode(ctx.db, userId, code, now)))
    return refused(400, null, { code: twoFactorMessages.reusedCode });
  try {
    const body = { code };
    const { headers } =
      kind === "totp"
        ? await ctx.auth.api.verifyTOTP({ body, headers: request.headers, returnHeaders: true })
        : await ctx.auth.api.verifyBackupCode({ body, headers: request.headers, returnHeaders: true });
    await markSession(ctx, request, headers, now);
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    if (kind === "totp") await repo.deleteUsedCode(ctx.db, userId, code);
    if (!isAPIError(error) || error.statusCode >= 500) throw error;
    const reason = errorCode(error);
    if (reason === "INVALID_TWO_FACTOR_COOKIE") return refused(401, twoFactorMessages.expired);
    await countFailure(ctx, userId);
    if (/LOCK|TOO_MANY/.test(reason)) return refused(429, twoFactorMessages.tooMany);
    return refused(400, null, {
      [field]: kind === "totp" ? twoFactorMessages.wrongCode : twoFactorMessages.wrongRecoveryCode,
    });
  }
}

/** Set-up, step one: the password, then a new secret (as a QR code and a key to type) and ten recovery codes. */
export async function startTwoFactorSetup(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
): Promise<SetupStarted> {
  const checked = check(passwordInput, values);
  if ("errors" in checked) return refused(400, null, checked.errors);
  try {
    const answer = await ctx.auth.api.enableTwoFactor({
      body: { password: checked.data.password, method: "totp" },
      headers: request.headers,
    });
    if (answer.method !== "totp") throw new Error("two-factor set-up did not answer with a TOTP secret");
    return {
      ok: true,
      totpUri: answer.totpURI,
      qrCode: await qrCodeFor(answer.totpURI),
      recoveryCodes: answer.backupCodes,
    };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500)
      return refused(400, null, { password: twoFactorMessages.wrongPassword });
    throw error;
  }
}

/** The QR code of an otpauth:// address, as an SVG data URL for an <img>. */
export async function qrCodeFor(totpUri: string): Promise<string> {
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** Turns it off (customers only: staff keep it), with the password. */
export async function turnOffTwoFactor(
  ctx: ShopContext,
  request: Request,
  user: SessionUser,
  values: Record<string, string>,
): Promise<TwoFactorResult> {
  if (user.role === "staff") return refused(403, twoFactorMessages.staffKeepOn);
  const checked = check(passwordInput, values);
  if ("errors" in checked) return refused(400, null, checked.errors);
  try {
    const { headers } = await ctx.auth.api.disableTwoFactor({
      body: { password: checked.data.password },
      headers: request.headers,
      returnHeaders: true,
    });
    return { ok: true, headers: cookiesOf(headers) };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500)
      return refused(400, null, { password: twoFactorMessages.wrongPassword });
    throw error;
  }
}
