/**
 * Two-factor recovery codes (docs/decisions/021) as a person can read them off paper and type them: ten codes of ten
 * characters in two groups of five ("K7MQX-3RTPZ"), capitals and digits without the look-alikes 0/O, 1/I/L (issue 33).
 * 31 symbols, about 49.5 bits a code; each works once. Given to Better Auth's plugin as its code generator.
 */
import { randomInt } from "node:crypto";

export const RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const RECOVERY_CODES = 10;
const GROUP = 5;

function recoveryCode(): string {
  const symbols = Array.from({ length: GROUP * 2 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${symbols.slice(0, GROUP).join("")}-${symbols.slice(GROUP).join("")}`;
}

export const recoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODES }, recoveryCode);

/**
 * A code as typed, in the form it was issued: spaces taken out, and the dash put back between the two groups when it
 * was left out or typed as a space. Letters keep their case (codes issued before these had both).
 */
export function typedRecoveryCode(typed: string): string {
  const bare = typed.replace(/\s+/g, "");
  if (/^[A-Za-z0-9]{10}$/.test(bare)) return `${bare.slice(0, GROUP)}-${bare.slice(GROUP)}`;
  return bare;
}
