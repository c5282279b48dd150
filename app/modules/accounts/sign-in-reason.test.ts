import { describe, expect, it } from "vitest";
import { authPageHref, readSignInReason, signInReasons } from "./sign-in-reason";

describe("sign-in reasons", () => {
  it("accepts only the reasons on the list", () => {
    expect(readSignInReason("checkout")).toBe("checkout");
    expect(signInReasons.checkout).toBe("Sign in or create an account to check out — your cart is saved");
    for (const raw of [null, undefined, "", "Checkout", "checkout ", "toString", "__proto__", "<b>hi</b>"])
      expect(readSignInReason(raw), String(raw)).toBeNull();
  });

  it("builds the sign-in and sign-up links with where to go back to and why", () => {
    expect(authPageHref("/signin", "/", null)).toBe("/signin");
    expect(authPageHref("/signup", "/", "checkout")).toBe("/signup?reason=checkout");
    expect(authPageHref("/signup", "/cart", null)).toBe("/signup?redirectTo=%2Fcart");
    expect(authPageHref("/signin", "/cart-address?x=1&y=2", "checkout")).toBe(
      "/signin?redirectTo=%2Fcart-address%3Fx%3D1%26y%3D2&reason=checkout",
    );
  });
});
