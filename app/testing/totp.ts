import { base32 } from "@better-auth/utils/base32";
import { createOTP } from "@better-auth/utils/otp";

/**
 * The code an authenticator app shows for the otpauth:// address (its base32 secret): now, or `step` periods of 30
 * seconds later (the shop accepts one step either side, as authenticator clocks drift).
 */
export function totpCode(totpUri: string, step = 0): Promise<string> {
  const secret = new URL(totpUri).searchParams.get("secret");
  if (!secret) throw new Error("no secret in the otpauth address");
  return createOTP(base32.decode(secret), { period: 30, digits: 6 }).hotp(Math.floor(Date.now() / 30_000) + step);
}
