import { describe, expect, it } from "vitest";
import { signWorldpayEvent, verifyWorldpayEventSignature } from "./worldpay-signature.server";

// The event of the contract's section 3 (docs: PAYMENTS-CONTRACT.md), without its refund reference, as one line.
const body =
  '{"eventId":"uuid","eventTimestamp":"2026-11-29T10:00:00.000","eventDetails":{"classification":"payment",' +
  '"transactionReference":"VS-ABC123-1","type":"authorized","date":"2026-11-29",' +
  '"amount":{"value":4347,"currencyCode":"GBP"},"_links":{"payment":{"href":""}}}}';
const secret = "sandbox-webhook-secret";
// Computed once outside this code: printf '%s' "$body" | openssl dgst -sha256 -hmac sandbox-webhook-secret
const knownHex = "6093f230de564c79836d817e5db9dc926f7d00dd2968a8204b359635d447a38b";
// The same body with "other-secret": a second key of a rotation.
const otherSecretHex = "79b3ff61a57ff65dfdd86b526f160c00dfe6a6035b174e9bc4dc2ad92a69cb52";

describe("Worldpay's event signature", () => {
  it("signs as {keyId}/SHA256/{hex HMAC-SHA256 of the raw body}, the value openssl computes", () => {
    expect(signWorldpayEvent(body, secret)).toBe(`1/SHA256/${knownHex}`);
    expect(signWorldpayEvent(body, secret, "7")).toBe(`7/SHA256/${knownHex}`);
  });

  it("accepts the known vector, as a string, as bytes and in upper-case hex", () => {
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${knownHex}`, secret)).toBe(true);
    expect(verifyWorldpayEventSignature(Buffer.from(body), `1/SHA256/${knownHex}`, secret)).toBe(true);
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${knownHex.toUpperCase()}`, secret)).toBe(true);
  });

  it("refuses a tampered body", () => {
    const tampered = body.replace('"value":4347', '"value":1');
    expect(verifyWorldpayEventSignature(tampered, `1/SHA256/${knownHex}`, secret)).toBe(false);
    expect(verifyWorldpayEventSignature(`${body} `, `1/SHA256/${knownHex}`, secret)).toBe(false);
  });

  it("refuses the signature of another secret", () => {
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${knownHex}`, "other-secret")).toBe(false);
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${otherSecretHex}`, secret)).toBe(false);
  });

  it("accepts a header with two signatures when either one matches, in either order", () => {
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${knownHex},2/SHA256/${otherSecretHex}`, secret)).toBe(true);
    expect(verifyWorldpayEventSignature(body, `2/SHA256/${otherSecretHex}, 1/SHA256/${knownHex}`, secret)).toBe(true);
    expect(verifyWorldpayEventSignature(body, `2/SHA256/${otherSecretHex}, 1/SHA256/${knownHex}`, "other-secret")).toBe(
      true,
    );
    expect(verifyWorldpayEventSignature(body, `2/SHA256/${otherSecretHex},3/SHA256/${"0".repeat(64)}`, secret)).toBe(
      false,
    );
  });

  it("refuses a missing header, an empty secret and a garbled header", () => {
    expect(verifyWorldpayEventSignature(body, undefined, secret)).toBe(false);
    expect(verifyWorldpayEventSignature(body, "", secret)).toBe(false);
    expect(verifyWorldpayEventSignature(body, `1/SHA256/${knownHex}`, "")).toBe(false);
    for (const garbled of [
      knownHex,
      `SHA256/${knownHex}`,
      `/SHA256/${knownHex}`,
      `1/SHA256/${knownHex}/x`,
      `1/SHA256/${knownHex.slice(0, 62)}`,
      `1/SHA256/${knownHex}00`,
      `1/SHA256/${knownHex.slice(0, 63)}z`,
      ",,,",
    ])
      expect(verifyWorldpayEventSignature(body, garbled, secret), garbled).toBe(false);
  });

  it("refuses another hash function's name, even with the SHA256 value", () => {
    expect(verifyWorldpayEventSignature(body, `1/SHA512/${knownHex}`, secret)).toBe(false);
    expect(verifyWorldpayEventSignature(body, `1/SHA1/${knownHex}`, secret)).toBe(false);
    expect(verifyWorldpayEventSignature(body, `1/HMACSHA256/${knownHex}`, secret)).toBe(false);
  });
});
