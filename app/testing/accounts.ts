import { createEmailVerificationToken } from "better-auth/api";
import type { ShopContext } from "~/lib/app-context";
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
  if (confirmed.status !== "signed-in") throw new Error(`the confirmation link did not sign in: ${confirmed.status}`);
  return { ok: true, headers: confirmed.headers };
}
