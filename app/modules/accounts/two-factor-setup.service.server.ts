/**
 * Setting up two-factor sign-in (docs/decisions/021): the password, then a new secret shown as a QR code and a key, ten
 * recovery codes, and the first code from the app (two-factor.service.server.ts turns it on). The pending key never
 * travels through the form: after a wrong first code the page shows it again from the account's own stored secret,
 * and only to the session that started the set-up, for 15 minutes (issue 26, docs/decisions/033).
 */
import { createOTP } from "@better-auth/utils/otp";
import { symmetricDecrypt } from "better-auth/crypto";
import QRCode from "qrcode";
import type { ShopContext } from "~/context";
import { check } from "~/lib/form-check";
import { fail, failFields, type Result } from "~/lib/result";
import { authHeaders } from "./auth-cookies.server";
import { getValidatedSession, type ValidatedSession } from "./session.service.server";
import { limitedPasswordCheck, type PasswordRefusals } from "./sign-in-limits.service.server";
import { passwordInput, twoFactorMessages } from "./two-factor";
import * as repo from "./two-factor.repository.server";

export type PendingSetup = { totpUri: string; qrCode: string; recoveryCodes: string[] };
export type SetupStarted = Result<PendingSetup>;

const SETUP_MINUTES = 15;

/** Setting two-factor up or turning it off: the password's refusals, said the same way. */
export const passwordRefusals: PasswordRefusals = {
  tooMany: () => fail("too-many", twoFactorMessages.tooManyPasswords),
  refused: failFields({ password: twoFactorMessages.wrongPassword }),
};
const setupIdentifier = (userId: string) => `shop-two-factor-setup-${userId}`;

/** Set-up, step one: the password (limited like a sign-in), then a new secret and ten recovery codes. */
export async function startTwoFactorSetup(
  ctx: ShopContext,
  request: Request,
  values: Record<string, string>,
): Promise<SetupStarted> {
  const checked = check(passwordInput, values);
  if (!checked.ok) return checked;
  const session = await getValidatedSession(ctx, request);
  if (!session) return fail("sign-in", twoFactorMessages.expired);
  const result = await limitedPasswordCheck(
    ctx.db,
    session.user.email,
    ctx.clientIp,
    () =>
      ctx.auth.api.enableTwoFactor({
        body: { password: checked.data.password, method: "totp" },
        headers: authHeaders(request, ctx.auth.options),
      }),
    passwordRefusals,
  );
  if (!result.ok) return result;
  const answer = result.value;
  if (answer.method !== "totp") throw new Error("two-factor set-up did not answer with a TOTP secret");
  await rememberSetup(ctx, session);
  return {
    ok: true,
    totpUri: answer.totpURI,
    qrCode: await qrCodeFor(answer.totpURI),
    recoveryCodes: answer.backupCodes,
  };
}

/** Notes which session started the set-up (Better Auth's verification store, with an expiry). */
async function rememberSetup(ctx: ShopContext, session: ValidatedSession) {
  const { internalAdapter } = await ctx.auth.$context;
  await internalAdapter.deleteVerificationByIdentifier(setupIdentifier(session.user.id));
  await internalAdapter.createVerificationValue({
    identifier: setupIdentifier(session.user.id),
    value: session.id,
    expiresAt: new Date(Date.now() + SETUP_MINUTES * 60_000),
  });
}

/** The set-up is over (turned on or off): its key is shown no more. */
export async function forgetSetup(ctx: ShopContext, userId: string): Promise<void> {
  const { internalAdapter } = await ctx.auth.$context;
  await internalAdapter.deleteVerificationByIdentifier(setupIdentifier(userId));
}

/**
 * The set-up this session started and has not finished, to show again after a wrong first code: the key from the
 * account's stored secret (decrypted as Better Auth does) and the recovery codes from Better Auth. Null for any other
 * session, after 15 minutes, or once it is on.
 */
export async function pendingSetup(ctx: ShopContext, request: Request): Promise<PendingSetup | null> {
  const session = await getValidatedSession(ctx, request);
  if (!session || session.user.twoFactorEnabled) return null;
  const auth = await ctx.auth.$context;
  const started = await auth.internalAdapter.findVerificationValue(setupIdentifier(session.user.id));
  if (!started || started.value !== session.id || new Date(started.expiresAt).getTime() <= Date.now()) return null;
  const stored = await repo.findTwoFactorSecret(ctx.db, session.user.id);
  if (!stored || stored.verified) return null;
  const secret = await symmetricDecrypt({ key: auth.secretConfig, data: stored.secret });
  if (secret.startsWith("base32:")) return null; // a secret imported from elsewhere: never one of a set-up here
  const totpUri = createOTP(secret).url(ctx.config.SHOP_NAME, session.user.email);
  const { backupCodes } = await ctx.auth.api.viewBackupCodes({ body: { userId: session.user.id } });
  return { totpUri, qrCode: await qrCodeFor(totpUri), recoveryCodes: backupCodes };
}

/** The QR code of an otpauth:// address, as an SVG data URL for an <img>. */
export async function qrCodeFor(totpUri: string): Promise<string> {
  const svg = await QRCode.toString(totpUri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}
