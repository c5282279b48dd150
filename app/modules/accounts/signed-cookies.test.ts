import * as crypto from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { readSignedCookie } from "./session.service.server";

// Decision 064: a cookie's good signature is kept, per secret, so a signed-in shopper's requests do not each pay for
// an HMAC. What is kept must never let a cookie through that the secret in use would refuse.
vi.mock("node:crypto", async (original) => {
  const actual = await original<typeof crypto>();
  return { ...actual, createHmac: vi.fn(actual.createHmac) };
});
const hmacs = vi.mocked(crypto.createHmac);

const options = (secret: string) => ({ baseURL: "http://shop.test", advanced: { cookiePrefix: "shop" }, secret });
/** A session cookie as Better Auth signs it: token.HMAC-SHA256 in base64, URL-encoded. */
const signed = (token: string, secret: string) =>
  `shop.session_token=${encodeURIComponent(`${token}.${crypto.createHmac("sha256", secret).update(token).digest("base64")}`)}`;

describe("signed cookies", () => {
  it("reads a well-signed cookie's value, and checks its signature once", () => {
    const cookie = signed("token-one", "secret-a");
    hmacs.mockClear();
    expect(readSignedCookie(cookie, "session_token", options("secret-a"))).toBe("token-one");
    expect(readSignedCookie(`theme=dark; ${cookie}`, "session_token", options("secret-a"))).toBe("token-one");
    expect(readSignedCookie(cookie, "session_token", options("secret-a"))).toBe("token-one");
    expect(hmacs).toHaveBeenCalledTimes(1);
  });

  it("refuses a cookie another secret signed, though the first secret's answer is known", () => {
    const cookie = signed("token-two", "secret-a");
    expect(readSignedCookie(cookie, "session_token", options("secret-a"))).toBe("token-two");
    expect(readSignedCookie(cookie, "session_token", options("secret-b"))).toBeNull();
    expect(readSignedCookie(signed("token-two", "secret-b"), "session_token", options("secret-b"))).toBe("token-two");
    expect(readSignedCookie(cookie, "session_token", options("secret-b"))).toBeNull();
    expect(readSignedCookie(cookie, "session_token", options("secret-a"))).toBe("token-two");
  });

  it("refuses a forged, malformed or missing signature every time it is sent", () => {
    const good = signed("token-three", "secret-a");
    const forged = good.replace("token-three", "token-thref");
    for (let i = 0; i < 2; i++) {
      expect(readSignedCookie(good, "session_token", options("secret-a"))).toBe("token-three");
      expect(readSignedCookie(forged, "session_token", options("secret-a"))).toBeNull();
      expect(readSignedCookie("shop.session_token=token-three", "session_token", options("secret-a"))).toBeNull();
      expect(readSignedCookie("shop.session_token=%E0%A4%A", "session_token", options("secret-a"))).toBeNull();
      expect(readSignedCookie(`${good}; ${good}`, "session_token", options("secret-a"))).toBeNull(); // sent twice
      expect(readSignedCookie(null, "session_token", options("secret-a"))).toBeNull();
    }
  });
});
