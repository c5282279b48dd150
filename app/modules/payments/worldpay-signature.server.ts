// Worldpay's event signature (Access Worldpay "Events"): each webhook carries `Event-Signature:
// {keyId}/{hashFunction}/{signature}`, the signature the hex HMAC-SHA256 of the raw body with the shared secret. During
// a secret's rotation the header may carry several, comma-separated; one that matches is enough. The shop verifies
// with it; the payment sandbox (server/payment-sandbox) signs with it, so both speak the same format.
import { createHmac, timingSafeEqual } from "node:crypto";

const HASH_FUNCTION = "SHA256";
const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

function hmacSha256(rawBody: string | Buffer, secret: string): Buffer {
  return createHmac("sha256", secret).update(rawBody).digest();
}

/** The `Event-Signature` header value for a raw body: `1/SHA256/<hex HMAC-SHA256>`. */
export function signWorldpayEvent(rawBody: string, secret: string, keyId = "1"): string {
  return `${keyId}/${HASH_FUNCTION}/${hmacSha256(rawBody, secret).toString("hex")}`;
}

/**
 * Whether one of the header's `{keyId}/{hashFunction}/{signature}` entries is the SHA256 signature of the raw body
 * (exactly the bytes received, before any JSON parsing) with the secret. False for a missing or garbled header, an
 * empty secret, or only other hash functions. Compared in constant time.
 */
export function verifyWorldpayEventSignature(
  rawBody: string | Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = hmacSha256(rawBody, secret);
  let matched = false;
  for (const entry of header.split(",")) {
    const parts = entry.trim().split("/");
    if (parts.length !== 3) continue;
    const [keyId, hashFunction, signature] = parts as [string, string, string];
    if (!keyId || hashFunction.toUpperCase() !== HASH_FUNCTION || !HEX_SHA256.test(signature)) continue;
    const given = Buffer.from(signature, "hex");
    // Every entry is compared (no early return), so the time taken does not tell which one matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched;
}
