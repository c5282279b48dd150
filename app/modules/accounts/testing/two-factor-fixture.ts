// Accounts with two-factor sign-in for the tests of the code step, its limits and the session cookie: staff with a
// proven session and one that has not given its code, and customers (the attacker of issue 26) with it on.
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { cookieHeader, requestWith } from "~/testing/test-context";
import { totpCode } from "~/testing/totp";
import { signUpConfirmed } from "~/testing/accounts";
import * as accounts from "../accounts.service.server";
import { startTwoFactorSetup, verifySecondFactor } from "../two-factor.service.server";
import { requireStaff } from "../session.service.server";

/** What requireStaff did: "passed", or the redirect's location, or the refusal's status. */
export async function door(context: ShopContext, request: Request): Promise<string> {
  try {
    await requireStaff(context, request);
    return "passed";
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location") ?? String(thrown.status);
    return String((thrown as { init?: { status?: number } }).init?.status);
  }
}

/** The Cookie header after the answer's Set-Cookie lines (removed cookies go, new ones replace old ones). */
export function mergeCookies(cookie: string, headers: Headers): string {
  const jar = new Map(
    cookie
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0]!, pair]),
  );
  for (const pair of cookieHeader(headers).split("; ").filter(Boolean)) jar.set(pair.split("=")[0]!, pair);
  for (const line of headers.getSetCookie()) if (/=;|Max-Age=0/.test(line)) jar.delete(line.split("=")[0]!);
  return [...jar.values()].join("; ");
}

/** The value of the session cookie in a Cookie header (whatever its prefix). */
export function sessionValue(cookie: string): string {
  const value = /(?:^|;\s*)(?:__Secure-)?shop\.session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in ${cookie}`);
  return value;
}

export type TwoFactorAccount = {
  id: string;
  email: string;
  password: string;
  totpUri: string;
  /** A session that proved the second factor (the set-up's). */
  provenCookie: string;
  /** Another session of the account, made before the set-up: it has not given a code (like a Google sign-in's). */
  unprovenCookie: string;
};

async function userId(db: Db, email: string) {
  const row = await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirstOrThrow();
  return row.id;
}

/** Turns two-factor sign-in on from the session in `cookie`; the cookie of the session that proved it. */
async function setUp(context: ShopContext, cookie: string, password: string) {
  const started = await startTwoFactorSetup(context, requestWith(cookie), { password });
  if (!started.ok) throw new Error(`set-up refused: ${JSON.stringify(started)}`);
  const on = await verifySecondFactor(context, requestWith(cookie), { code: await totpCode(started.totpUri) }, "totp");
  if (!on.ok) throw new Error(`first code refused: ${JSON.stringify(on)}`);
  return { totpUri: started.totpUri, cookie: mergeCookies(cookie, on.headers) };
}

/** A member of staff (npm run create-staff) with two-factor on: one proven session, one that has not given a code. */
export async function staffWithTwoFactor(
  context: (ip?: string) => ShopContext,
  email: string,
  ip = "192.0.2.200",
): Promise<TwoFactorAccount> {
  const password = "staff passphrase 77";
  await accounts.createOrPromoteStaff(context(), { email, password, firstName: "Sam", lastName: "Lee" });
  const signIn = async () => {
    const result = await accounts.signIn(context(ip), requestWith(), { email, password, rememberMe: true });
    if (!result.ok) throw new Error(`sign-in failed: ${JSON.stringify(result)}`);
    return cookieHeader(result.headers);
  };
  const first = await signIn();
  const unprovenCookie = await signIn();
  const { totpUri, cookie } = await setUp(context(ip), first, password);
  return { id: await userId(context().db, email), email, password, totpUri, provenCookie: cookie, unprovenCookie };
}

/** A customer who turned two-factor sign-in on (the set-up's session, proven). */
export async function customerWithTwoFactor(
  context: (ip?: string) => ShopContext,
  email: string,
  ip = "192.0.2.201",
): Promise<TwoFactorAccount> {
  const password = "customer pass 1";
  const signedUp = await signUpConfirmed(context(ip), {
    firstName: "Eve",
    lastName: "Attacker",
    email,
    password,
    dateOfBirth: "1990-01-01",
    terms: "on",
  });
  if (!signedUp.ok) throw new Error("sign-up failed");
  const before = cookieHeader(signedUp.headers);
  const { totpUri, cookie } = await setUp(context(ip), before, password);
  return { id: await userId(context().db, email), email, password, totpUri, provenCookie: cookie, unprovenCookie: "" };
}
