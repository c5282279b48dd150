import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes, mayBeShared, policyWithoutNonce } from "./script-hashes.server";

const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("inlineScriptHashes and policyWithoutNonce", () => {
  it("put the hashes of inline scripts in place of the nonce, skipping scripts with src", () => {
    const html = `<script>a()</script><script type="module" src="/x.js"></script><script>b()</script><script>a()</script>`;
    expect(inlineScriptHashes(html)).toBe(`${hash("a()")} ${hash("b()")}`);
    expect(policyWithoutNonce("script-src 'self' 'nonce-n'; style-src 'self'", inlineScriptHashes(html))).toBe(
      `script-src 'self' ${hash("a()")} ${hash("b()")}; style-src 'self'`,
    );
    expect(policyWithoutNonce("script-src 'self' 'nonce-n'", inlineScriptHashes("<p>no scripts</p>"))).toBe(
      "script-src 'self'",
    );
  });
});

describe("mayBeShared", () => {
  const get = new Request("http://shop.test/products");
  const none = new Headers();
  it("is a GET or HEAD answered 200 that read no session and sets no cookie", () => {
    expect(mayBeShared(get, 200, none, { session: false })).toBe(true);
    expect(mayBeShared(new Request(get, { method: "HEAD" }), 200, none, { session: false })).toBe(true);
    expect(mayBeShared(get, 200, none, { session: true })).toBe(false);
    expect(mayBeShared(get, 404, none, { session: false })).toBe(false);
    expect(mayBeShared(get, 200, new Headers({ "set-cookie": "a=1" }), { session: false })).toBe(false);
    expect(mayBeShared(new Request(get, { method: "POST" }), 200, none, { session: false })).toBe(false);
    // Scripts and tests render without the server's page use: the nonce as always.
    expect(mayBeShared(get, 200, none, undefined)).toBe(false);
  });

  it("follows what the page says itself: public is shared, whoever read the session; anything else is not", () => {
    expect(mayBeShared(get, 200, new Headers({ "cache-control": "public, max-age=60" }), { session: true })).toBe(true);
    expect(mayBeShared(get, 503, new Headers({ "cache-control": "no-store" }), { session: false })).toBe(false);
    expect(mayBeShared(get, 200, new Headers({ "cache-control": "private, no-store" }), { session: false })).toBe(
      false,
    );
  });
});
