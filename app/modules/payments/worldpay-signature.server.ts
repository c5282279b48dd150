// Placeholder until the sandbox branch lands (it brings the tested version of this file).
import { createHmac, timingSafeEqual } from "node:crypto";
export function signWorldpayEvent(rawBody: string, secret: string, keyId = "1"): string {
  return `${keyId}/SHA256/${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}
export function verifyWorldpayEventSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(rawBody).digest("hex"));
  return header.split(",").some((part) => {
    const [, fn, sig] = part.trim().split("/");
    if (fn !== "SHA256" || !sig) return false;
    const given = Buffer.from(sig.toLowerCase());
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
