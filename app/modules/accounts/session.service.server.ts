import { createHmac, timingSafeEqual } from "node:crypto";
import { LRUCache } from "lru-cache";
import { data, redirect } from "react-router";
import type { Db } from "~/db/database.server";
import type { ShopContext } from "~/context";
import { returnPath } from "~/lib/page-url";
import { fail, httpStatus, type Failure, type Result } from "~/lib/result";
import { auditActorOf, isStaff, STAFF_ONLY } from "./staff";
import { can, forbiddenMessage, parseStaffRoles, type Permission } from "./permissions";
import { recordRefusal } from "~/modules/audit/audit.service.server";
import { twoFactorMessages } from "./two-factor";
import { databaseUnavailable, isDatabaseUnavailable } from "~/lib/unavailable.server";
import { ageOn, ADULT_AGE, type SessionUser } from "./accounts";
import { findSessionWithUser, hasCredentialAccount } from "./accounts.repository.server";
import { authHeaders, readAuthCookies, type AuthCookieOptions, type AuthCookies } from "./auth-cookies.server";
import { authPageHref, type SignInReason } from "./sign-in-reason";

type AuthUser = Record<string, unknown> & { id: string; name: string; email: string };

export function toSessionUser(user: AuthUser, session?: Record<string, unknown>): SessionUser {
  const text = (key: string) => {
    const value = user[key];
    return typeof value === "string" && value !== "" ? value : null;
  };
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    firstName: text("firstName"),
    lastName: text("lastName"),
    dateOfBirth: text("dateOfBirth"),
    role: user.role === "staff" ? "staff" : "customer",
    authProvider: text("authProvider"),
    twoFactorEnabled: user.twoFactorEnabled === true || user.twoFactorEnabled === 1,
    secondFactor: typeof session?.secondFactorAt === "string" && session.secondFactorAt !== "",
    ...(user.role === "staff" ? { staffRoles: parseStaffRoles(text("staffRoles")) } : {}),
  };
}

/** A disabled staff account has no session anywhere (its sessions were deleted; this is the second line). */
const isDisabled = (user: Record<string, unknown>) => typeof user.disabledAt === "string" && user.disabledAt !== "";

/** The session Better Auth validated for a request: who it is, and its token and id (never sent to a page). */
export type ValidatedSession = { user: SessionUser; token: string; id: string };

// The root loader and a page's own loader both ask for the same request: one lookup serves both.
const lookups = new WeakMap<Request, Promise<ValidatedSession | null>>();

/**
 * The signed-in user, or null; a forged, expired or unknown session cookie is simply "signed out", and so is a
 * request with two session cookies (docs/decisions/033). A database that cannot be reached is neither signed in nor
 * out: that throws the 503 answer 'We'll be right back' (Retry-After).
 */
export async function getSessionUser(context: ShopContext, request: Request): Promise<SessionUser | null> {
  return (await getValidatedSession(context, request))?.user ?? null;
}

/** The request's session with its token: what two-factor sign-in reads and marks (the same lookup as getSessionUser). */
export function getValidatedSession(context: ShopContext, request: Request): Promise<ValidatedSession | null> {
  // Whatever the answer, this page now depends on who asked: it is private (never cached or shared).
  if (context.pageUse) context.pageUse.session = true;
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = lookUpSession(context, request);
    lookups.set(request, lookup);
  }
  return lookup;
}

async function lookUpSession(context: ShopContext, request: Request): Promise<ValidatedSession | null> {
  const cookies = readAuthCookies(request.headers.get("cookie"), context.auth.options);
  // No session cookie, or two of them (both names, or one name twice): signed out, for the shop and Better Auth alike.
  if (cookies.get("session_token") === undefined) return null;
  try {
    const direct = await readSessionDirectly(context, cookies);
    if (direct !== undefined) return direct;
    const found = await context.auth.api.getSession({ headers: authHeaders(request, context.auth.options) });
    return found && !isDisabled(found.user)
      ? { user: toSessionUser(found.user, found.session), token: found.session.token, id: found.session.id }
      : null;
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw databaseUnavailable(context.log, error, "session");
    context.log.warn({ err: error }, "session could not be read; treating the visitor as signed out");
    return null;
  }
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The value of one of Better Auth's signed cookies under this deployment's name (`shop.<name>` = value.HMAC-SHA256 in
 * base64, as Better Auth signs it), or null when it is absent, sent twice, malformed or forged.
 */
export function readSignedCookie(
  cookies: string | null,
  name: string,
  options: AuthCookieOptions & { secret?: string },
): string | null {
  return verifySigned(readAuthCookies(cookies, options).get(name), options.secret);
}

/**
 * Cookies whose signature was found good, per secret: a signed-in shopper sends the same cookie with every request, and
 * an HMAC cost 60-75 us a request in a busy server process (decision 064). What a cookie's signature proves never
 * changes; whether its session is still good is read from the database on every request all the same. Only good
 * signatures are kept, so nobody can fill the memory with forgeries, and the most a process keeps is
 * SIGNED_COOKIES_KEPT.
 */
const SIGNED_COOKIES_KEPT = 10_000;
let verified: { secret: string; values: LRUCache<string, string> } | undefined;

function verifySigned(raw: string | undefined, secret: string | undefined): string | null {
  if (!raw || !secret) return null;
  if (verified?.secret !== secret) verified = { secret, values: new LRUCache({ max: SIGNED_COOKIES_KEPT }) };
  const known = verified.values.get(raw);
  if (known !== undefined) return known;
  const signed = checkSignature(raw, secret);
  if (signed !== null) verified.values.set(raw, signed);
  return signed;
}

function checkSignature(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  const signed = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (dot < 1 || !SIGNATURE.test(signature)) return null;
  const expected = createHmac("sha256", secret).update(signed).digest();
  return timingSafeEqual(Buffer.from(signature, "base64"), expected) ? signed : null;
}

/**
 * The common case in one query: Better Auth's signed cookie (token.HMAC-SHA256) is checked here and session and user
 * are read with one join. Anything else (a session due for its daily refresh, "don't remember me", a signature that
 * does not match) returns undefined and goes through Better Auth itself (docs/decisions/009).
 */
async function readSessionDirectly(
  context: ShopContext,
  cookies: AuthCookies,
): Promise<ValidatedSession | null | undefined> {
  const { secret, session: lifetime } = context.auth.options;
  if (cookies.get("dont_remember") !== undefined) return undefined;
  const token = verifySigned(cookies.get("session_token"), secret);
  if (!token) return undefined;
  const row = await findSessionWithUser(context.db, token);
  if (!row || isDisabled(row)) return null;
  const expiresAt = new Date(row.expiresAt).getTime();
  if (!(expiresAt > Date.now())) return null;
  const { expiresIn = 0, updateAge = 0 } = lifetime ?? {};
  if (expiresAt - expiresIn * 1000 + updateAge * 1000 <= Date.now()) return undefined; // due for its daily refresh
  return { user: toSessionUser(row, { secondFactorAt: row.secondFactorAt }), token, id: row.sessionId };
}

/**
 * Where to come back to after signing in: this page, path and query (a data request's page: app/lib/page-url.ts);
 * and, when given, why sign-in is asked for.
 */
export function signInRedirect(request: Request, reason: SignInReason | null = null): string {
  return authPageHref("/signin", returnPath(request), reason);
}

/** Signed-out visitors go to /signin and come back afterwards; decided on the server, before anything renders. */
export async function requireUser(
  context: ShopContext,
  request: Request,
  reason: SignInReason | null = null,
): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  if (!user) throw redirect(signInRedirect(request, reason));
  return user;
}

/**
 * For buying: a signed-in adult. Accounts without a date of birth (Google) are asked for it once; under-18s are
 * refused.
 */
export async function requireAdultCustomer(context: ShopContext, request: Request): Promise<SessionUser> {
  const buyer = await adultCustomerOf(context, request);
  if (buyer.ok) return buyer.user;
  throw redirect(adultCustomerRedirect(request, buyer.reason));
}

/** Why a visitor may not buy (yet): the reasons requireAdultCustomer and POST /api/orders both answer. */
export type NotABuyer = "signed-out" | "no-date-of-birth" | "underage";

/** Each reason as a failure: what POST /api/orders answers (a page redirects instead: adultCustomerRedirect). */
export const notABuyer: Record<NotABuyer, Failure> = {
  "signed-out": fail("sign-in", "Please sign in to place an order."),
  "no-date-of-birth": fail("not-allowed", "We sell only to adults aged 18 and over."),
  underage: fail("not-allowed", "We sell only to adults aged 18 and over."),
};

/** The buying check itself, answered rather than thrown: a signed-in account with a date of birth 18+ years ago. */
export async function adultCustomerOf(
  context: ShopContext,
  request: Request,
): Promise<Result<{ user: SessionUser }, { reason: NotABuyer; user: SessionUser | null }>> {
  const user = await getSessionUser(context, request);
  const refuse = (reason: NotABuyer) => ({ ...notABuyer[reason], reason, user });
  if (!user) return refuse("signed-out");
  if (!user.dateOfBirth) return refuse("no-date-of-birth");
  if (!isAdult(user)) return refuse("underage");
  return { ok: true, user };
}

/** Where a page sends a visitor who may not buy: sign in (saying why: a guest's cart is kept), or the date of birth. */
export function adultCustomerRedirect(request: Request, reason: NotABuyer): string {
  if (reason === "signed-out") return signInRedirect(request, "checkout");
  if (reason === "no-date-of-birth")
    return `/account/date-of-birth?redirectTo=${encodeURIComponent(returnPath(request))}`;
  return "/account/date-of-birth";
}

/** Whether the account has told us a date of birth of 18 or more years ago. */
export const isAdult = (user: SessionUser) => Boolean(user.dateOfBirth) && ageOn(user.dateOfBirth!) >= ADULT_AGE;

/** Whether the account can sign in with a password (Google-only accounts cannot until they set one). */
export const hasPasswordLogin = (db: Db, userId: string): Promise<boolean> => hasCredentialAccount(db, userId);

/**
 * The back office's door, called first in every admin loader and action with the permission it needs
 * (app/modules/accounts/permissions.ts): staff whose session proved the second factor and whose roles give the
 * permission pass (docs/decisions/021, 080), with the request's address for the audit log. Other staff are sent to set
 * the second factor up or to type their code (an action is refused with 403); staff without the permission get the
 * 403 page, and the refusal is in the audit log; anybody else (signed out or a customer) gets a 404 page for a page
 * (the back office does not show itself) and a 403 for an action.
 */
export async function requireStaff(
  context: ShopContext,
  request: Request,
  permission: Permission = "back-office",
): Promise<SessionUser> {
  const user = await getSessionUser(context, request);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (isStaff(user)) {
    if (user.twoFactorEnabled && user.secondFactor) {
      const staff = { ...user, clientIp: context.clientIp || null };
      if (can(staff, permission)) return staff;
      await refuse(context, request, staff, permission);
    }
    if (!reading)
      throw data(fail("not-allowed", twoFactorMessages.backOfficeOnly), { status: httpStatus("not-allowed") });
    const back = encodeURIComponent(returnPath(request));
    throw redirect(
      user.twoFactorEnabled ? `/signin/two-factor?redirectTo=${back}` : `/account/two-factor?redirectTo=${back}`,
    );
  }
  if (reading) throw data(null, { status: 404 });
  throw data(fail("not-allowed", STAFF_ONLY), { status: httpStatus("not-allowed") });
}

/** A member of staff asking for what their roles do not allow: the refusal is logged, then the 403 page. */
async function refuse(
  context: ShopContext,
  request: Request,
  staff: SessionUser,
  permission: Permission,
): Promise<never> {
  const url = new URL(request.url);
  await recordRefusal(context.db, auditActorOf(staff), {
    action: "permission.refused",
    entity: "page",
    entityId: url.pathname,
    details: { permission, method: request.method },
  });
  throw data(fail("not-allowed", forbiddenMessage(permission)), { status: 403 });
}
