/** Two-factor sign-in (TOTP and recovery codes): its words and inputs (client-safe). */
import { z } from "zod";

export const twoFactorMessages = {
  staffMustSetUp: "Staff sign in with a second factor. Set up two-factor sign-in to use the back office.",
  staffMustVerify: "Enter the code from your authenticator app to use the back office.",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  reusedCode: "That code has just been used. Wait for the next one in your authenticator app.",
  wrongRecoveryCode: "That recovery code is not right, or has been used already.",
  expired: "Your sign-in took too long. Please sign in again.",
  tooMany: "Too many wrong codes. Please wait a few minutes and try again.",
  tooManyPasswords: "Too many wrong passwords. Please wait a few minutes and try again.",
  wrongPassword: "Your password is not right",
  turnedOn: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  turnedOff: "Two-factor sign-in is off.",
  staffKeepOn: "Staff accounts keep two-factor sign-in on.",
  backOfficeOnly: "Only shop staff can do this, after signing in with a second factor.",
} as const;

export const codeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app"),
});
export const recoveryInput = z.object({
  recoveryCode: z
    .string()
    .trim()
    .min(1, "Enter one of your recovery codes")
    .max(40, "Enter one of your recovery codes"),
});
export const passwordInput = z.object({
  password: z.string().min(1, "Enter your password").max(128, twoFactorMessages.wrongPassword),
});

/** The key to type into an authenticator app by hand (the QR code holds the same), in groups of four. */
export function manualKey(totpUri: string): string {
  const secret = new URL(totpUri).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}
