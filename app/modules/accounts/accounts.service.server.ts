import { isAPIError } from "better-auth/api";
import type { ShopContext } from "~/context";
import {
  describeWait,
  hitRateLimits,
  RESET_PER_ADDRESS,
  RESET_PER_EMAIL,
  SIGN_UP_PER_ADDRESS,
  SIGN_UP_PER_EMAIL,
} from "~/modules/security/rate-limit.service.server";
import { limitedPasswordCheck, startSignInAttempt } from "./sign-in-limits.service.server";
import { getSessionUser } from "./session.service.server";
import { isDisabledAccount, recordFailedStaffSignIn, recordStaffSignIn, staffAccount } from "./sign-in-audit.server";
import { authCookieName, authHeaders } from "./auth-cookies.server";
import {
  accountMessages,
  changePasswordInput,
  dateOfBirthInput,
  profileInput,
  resetInput,
  resetRequestInput,
  signInInput,
  signUpInput,
  type SessionUser,
} from "./accounts";
import { check } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";

/** Done: the cookies to set. Refused: messages for the form (per field, or for the whole form). */
export type AccountResult = Result<{ headers: Headers; twoFactor?: boolean }>;

const errorCode = (error: unknown) =>
  isAPIError(error) ? String((error.body as { code?: string } | undefined)?.code ?? "") : "";
const notVerified = (error: unknown) => errorCode(error) === "EMAIL_NOT_VERIFIED";
const limitedMessage = (what: string, seconds: number) =>
  `Too many ${what}. Please wait ${describeWait(seconds)} and try again.`;

/** Only the Set-Cookie lines of Better Auth's answer travel on to the browser. */
export function cookiesOf(headers: Headers): Headers {
  const out = new Headers();
  for (const cookie of headers.getSetCookie()) out.append("Set-Cookie", cookie);
  return out;
}

/**
 * Creates the account and e-mails a link that confirms the address (the link signs the customer in). The answer is
 * the same whether or not the address already has an account: its owner is e-mailed instead (docs/decisions/013).
 */
export async function signUp(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
  redirectTo = "/",
): Promise<AccountResult> {
  const checked = check(signUpInput, values);
  if (!checked.ok) return checked;
  const input = checked.data;
  const email = input.email.toLowerCase();
  const limit = await hitRateLimits(ctx.db, [
    [SIGN_UP_PER_ADDRESS, ctx.clientIp],
    [SIGN_UP_PER_EMAIL, email],
  ]);
  if (!limit.allowed) return fail("too-many", limitedMessage("sign-up attempts", limit.retryAfterSeconds));
  try {
    await ctx.auth.api.signUpEmail({
      body: {
        name: `${input.firstName} ${input.lastName}`.trim() || email,
        email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        authProvider: "email",
        callbackURL: redirectTo,
      },
      headers: authHeaders(request, ctx.auth.options),
    });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    if (errorCode(error) === "PASSWORD_TOO_SHORT")
      return failFields({ password: "Password must be at least 8 characters" });
    throw error;
  }
}

/** Confirmed: signed in with the cookies to set, or (a link used before) confirmed already, with no session. */
export type ConfirmEmailResult = Result<{ signedIn: true; headers: Headers } | { signedIn: false }>;

/** The link from the sign-up e-mail: confirms the address and, the first time, signs the customer in. */
export async function confirmEmail(ctx: ShopContext, request: Request, token: string): Promise<ConfirmEmailResult> {
  if (!token || token.length > 2048) return fail("invalid", accountMessages.confirmInvalid);
  try {
    const { headers } = await ctx.auth.api.verifyEmail({
      query: { token },
      headers: authHeaders(request, ctx.auth.options),
      returnHeaders: true,
    });
    const cookies = cookiesOf(headers);
    // A session cookie set (not one taken away), under this deployment's name.
    const name = authCookieName(ctx.auth.options, "session_token");
    const signedIn = cookies
      .getSetCookie()
      .some((cookie) => /^[^;]+=[^;]/.test(cookie) && cookie.startsWith(`${name}=`));
    return signedIn ? { ok: true, signedIn: true, headers: cookies } : { ok: true, signedIn: false };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return fail("invalid", accountMessages.confirmInvalid);
    throw error;
  }
}

export async function signIn(
  ctx: ShopContext,
  request: Request,
  values: { email: string; password: string; rememberMe: boolean },
): Promise<AccountResult> {
  const checked = check(signInInput, values);
  if (!checked.ok) return checked;
  const email = checked.data.email.toLowerCase();
  // Counted before the password is checked (a burst is checked at most up to the limits); a right one is taken back.
  const attempt = await startSignInAttempt(ctx.db, email, ctx.clientIp);
  if (!attempt.allowed) return fail("too-many", limitedMessage("sign-in attempts", attempt.retryAfterSeconds));
  // Staff sign-ins go in the audit log (docs/decisions/080); a disabled staff account is refused as a wrong password
  // would be, its password unchecked (the attempt stays counted).
  const staff = await staffAccount(ctx, { email });
  if (staff && isDisabledAccount(staff)) {
    await recordStaffSignIn(ctx, staff, { action: "sign-in.refused-disabled", outcome: "refused" });
    return fail("sign-in", accountMessages.invalidCredentials);
  }
  try {
    const { headers, response } = await ctx.auth.api.signInEmail({
      body: { email, password: checked.data.password, rememberMe: checked.data.rememberMe },
      headers: authHeaders(request, ctx.auth.options),
      returnHeaders: true,
    });
    await attempt.release();
    // The right password of an account with two-factor sign-in: no session yet, the code step next.
    const twoFactor = Boolean((response as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect);
    if (staff)
      await recordStaffSignIn(ctx, staff, {
        action: "sign-in",
        details: { method: "password", secondFactor: twoFactor ? "code asked next" : "not set up yet" },
      });
    return { ok: true, headers: cookiesOf(headers), twoFactor };
  } catch (error) {
    // A wrong password (or an unknown e-mail) stays counted; anything else was not a guess.
    if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400) && !notVerified(error)) {
      if (staff) await recordFailedStaffSignIn(ctx, staff);
      return fail("sign-in", accountMessages.invalidCredentials);
    }
    await attempt.release();
    // The right password for an address not yet confirmed: Better Auth has sent a new link.
    if (notVerified(error)) return fail("not-allowed", accountMessages.confirmEmailFirst);
    throw error;
  }
}

export async function signOut(ctx: ShopContext, request: Request): Promise<Headers> {
  try {
    const { headers } = await ctx.auth.api.signOut({
      headers: authHeaders(request, ctx.auth.options),
      returnHeaders: true,
    });
    return cookiesOf(headers);
  } catch (error) {
    ctx.log.warn({ err: error }, "sign-out without a valid session");
    return new Headers();
  }
}

/** Always the same answer, whether or not the address has an account. */
export async function requestPasswordReset(ctx: ShopContext, values: Record<string, string>): Promise<AccountResult> {
  const checked = check(resetRequestInput, values);
  if (!checked.ok) return checked;
  const email = checked.data.email.toLowerCase();
  const limit = await hitRateLimits(ctx.db, [
    [RESET_PER_ADDRESS, ctx.clientIp],
    [RESET_PER_EMAIL, email],
  ]);
  if (!limit.allowed) return fail("too-many", limitedMessage("reset requests", limit.retryAfterSeconds));
  await ctx.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
  return { ok: true, headers: new Headers() };
}

/** Sets the new password with a one-time token; every session of the account ends. */
export async function resetPassword(ctx: ShopContext, values: Record<string, string>): Promise<AccountResult> {
  const checked = check(resetInput, values);
  if (!checked.ok) {
    return checked.fieldErrors?.token ? fail("invalid", accountMessages.resetInvalid) : checked;
  }
  try {
    await ctx.auth.api.resetPassword({ body: { token: checked.data.token, newPassword: checked.data.password } });
    return { ok: true, headers: new Headers() };
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) return fail("invalid", accountMessages.resetInvalid);
    throw error;
  }
}

/** Asked once of accounts without a date of birth (Google). An under-18 date is kept, so the refusal sticks. */
export async function setDateOfBirth(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
): Promise<AccountResult> {
  const checked = check(dateOfBirthInput, values);
  if (!checked.ok) {
    if (checked.fieldErrors?.dateOfBirth !== accountMessages.underage) return checked;
    await ctx.auth.api.updateUser({
      body: { dateOfBirth: values.dateOfBirth!.trim() },
      headers: authHeaders(request, ctx.auth.options),
    });
    return { ...checked, code: "not-allowed" };
  }
  await ctx.auth.api.updateUser({
    body: { dateOfBirth: checked.data.dateOfBirth },
    headers: authHeaders(request, ctx.auth.options),
  });
  return { ok: true, headers: new Headers() };
}

export async function updateProfile(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
): Promise<AccountResult> {
  const checked = check(profileInput, values);
  if (!checked.ok) return checked;
  const { firstName, lastName } = checked.data;
  await ctx.auth.api.updateUser({
    body: { firstName, lastName, name: `${firstName} ${lastName}`.trim() },
    headers: authHeaders(request, ctx.auth.options),
  });
  return { ok: true, headers: new Headers() };
}

/** Changes the password and ends every other session; this browser gets a fresh session. */
export async function changePassword(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
): Promise<AccountResult> {
  const checked = check(changePasswordInput, values);
  if (!checked.ok) return checked;
  const wrong = failFields({ currentPassword: "Your current password is not right" });
  const user = await getSessionUser(ctx, request);
  if (!user) return wrong;
  const result = await limitedPasswordCheck(
    ctx.db,
    user.email,
    ctx.clientIp,
    () =>
      ctx.auth.api.changePassword({
        body: {
          currentPassword: checked.data.currentPassword,
          newPassword: checked.data.newPassword,
          revokeOtherSessions: true,
        },
        headers: authHeaders(request, ctx.auth.options),
        returnHeaders: true,
      }),
    { tooMany: (seconds) => fail("too-many", limitedMessage("wrong passwords", seconds)), refused: wrong },
  );
  if (!result.ok) return result;
  return { ok: true, headers: cookiesOf(result.value.headers) };
}

/** Ends every session of the account, this one too. */
export async function signOutEverywhere(ctx: ShopContext, request: Request): Promise<Headers> {
  await ctx.auth.api.revokeSessions({ headers: authHeaders(request, ctx.auth.options) });
  return signOut(ctx, request);
}

export { createOrPromoteStaff } from "./staff-accounts.service.server";

export type { SessionUser };
