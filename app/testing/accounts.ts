import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { createEmailVerificationToken } from "better-auth/api";
import type { ShopContext } from "~/context";
import { confirmEmail, signUp, type AccountResult } from "~/modules/accounts/accounts.service.server";
import { requestWith } from "./test-context";

/** A confirmation link's token for the address, as the sign-up e-mail carries it. */
export const confirmationToken = (context: ShopContext, email: string) =>
  createEmailVerificationToken(context.auth.options.secret!, email.toLowerCase(), undefined, 24 * 60 * 60);

/**
 * A customer who signed up and followed the link in the confirmation e-mail: the answer carries their session
 * cookies, as the browser has them after the link.
 */
export async function signUpConfirmed(context: ShopContext, values: Record<string, string>): Promise<AccountResult> {
  const result = await signUp(context, requestWith(), values);
  if (!result.ok) return result;
  const confirmed = await confirmEmail(context, requestWith(), await confirmationToken(context, values.email!));
  if (!confirmed.ok || !confirmed.signedIn)
    throw new Error(`the confirmation link did not sign in: ${JSON.stringify(confirmed)}`);
  return { ok: true, headers: confirmed.headers };
}

/**
 * A staff session as the back office needs it: two-factor sign-in on and proved in this session, set straight in the
 * database (the set-up and the code step themselves are tested in two-factor.service.test.ts). Returns the cookie.
 */
export async function provedSecondFactor(db: Db, cookie: string): Promise<string> {
  const raw = /(?:^|;\s*)shop\.session_token=([^;]+)/.exec(cookie)?.[1];
  if (!raw) throw new Error("no session cookie");
  const value = decodeURIComponent(raw);
  const token = value.slice(0, value.lastIndexOf("."));
  const session = await db.selectFrom("session").select("userId").where("token", "=", token).executeTakeFirstOrThrow();
  await db
    .updateTable("user")
    .set({ twoFactorEnabled: sql<boolean>`true` })
    .where("id", "=", session.userId)
    .execute();
  await db
    .updateTable("session")
    .set({ secondFactorAt: new Date().toISOString() })
    .where("token", "=", token)
    .execute();
  return cookie;
}
