// Two-factor sign-in over plain HTTP, as the pages post it (no browser): for tests that load server processes.
import { randomBytes } from "node:crypto";
import { totpCode } from "../../../app/testing/totp";
import { confirmationLink, post, type Query } from "./http-shoppers";

/** The Cookie header a browser sends back after the answer's Set-Cookie lines (removed cookies left out). */
export const cookiesOf = (answer: Response) =>
  answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !/=$/.test(c))
    .join("; ");

/** The session cookie's value in a Cookie header. */
export const sessionOf = (cookie: string) => {
  const value = /(?:^|;\s*)shop\.session_token=([^;]+)/.exec(cookie)?.[1];
  if (!value) throw new Error(`no session cookie in "${cookie}"`);
  return value;
};

/** The key the set-up page prints to type into an authenticator app, as an otpauth:// address. */
export function keyOnPage(html: string): string {
  const key = /aria-label="Key to type into your authenticator app"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1];
  if (!key) throw new Error("the set-up page shows no key");
  return `otpauth://totp/shop?secret=${key.replace(/\s/g, "")}`;
}

/** A password sign-in: the session cookie, or (two-factor on) the cookie of the code step. */
export async function signInOverHttp(base: string, email: string, password: string, ip: string) {
  const answer = await post(base, "/signin", { email, password, redirectTo: "/admin" }, "", ip);
  if (answer.status !== 302) throw new Error(`sign-in failed (${answer.status})`);
  return { cookie: cookiesOf(answer), location: answer.headers.get("location") };
}

/** Turns two-factor sign-in on from this session (password, then the first code); the proven session's cookie. */
export async function setUpOverHttp(base: string, cookie: string, password: string, ip: string) {
  const page = await post(base, "/account/two-factor", { intent: "start", password }, cookie, ip);
  if (page.status !== 200) throw new Error(`set-up refused (${page.status})`);
  const totpUri = keyOnPage(await page.text());
  const on = await post(
    base,
    "/account/two-factor",
    { intent: "confirm", code: await totpCode(totpUri), redirectTo: "/account/two-factor" },
    cookie,
    ip,
  );
  if (on.status !== 302) throw new Error(`the first code was refused (${on.status})`);
  return { totpUri, cookie: cookiesOf(on) };
}

/** A customer signed up and confirmed by the link of the queued e-mail: their session's cookie. */
export async function customerOverHttp(base: string, query: Query, ip: string, password: string) {
  const email = `eve.${randomBytes(4).toString("hex")}@example.com`;
  const form = {
    firstName: "Eve",
    lastName: "Attacker",
    email,
    password,
    dateOfBirth: "1990-01-01",
    terms: "on",
    redirectTo: "/",
  };
  const signedUp = await post(base, "/signup", form, "", ip);
  if (signedUp.status !== 200) throw new Error(`sign-up failed (${signedUp.status})`);
  const link = await confirmationLink(query, email);
  const confirmed = await fetch(base + link.pathname + link.search, {
    redirect: "manual",
    headers: { cookie: "age_verified=yes", "x-forwarded-for": ip },
  });
  const cookie = cookiesOf(confirmed);
  if (!cookie.includes("shop.session_token")) throw new Error(`the confirmation link failed (${confirmed.status})`);
  return { email, cookie };
}
