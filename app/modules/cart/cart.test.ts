import { describe, expect, it } from "vitest";
import { isAppState, upgradeStoredState } from "./cart";

describe("a visitor's stored cart", () => {
  const line = { kind: "device", itemId: "abc123", nicotineStrength: 20, puffCount: null, quantity: 2 };

  it("reads lines saved before the code said 'flavour' as the same lines", () => {
    const stored = { cartToken: "token-1234", cart: [{ ...line, flavor: "Mango Ice" }], wishlist: [] };
    const upgraded = upgradeStoredState(stored);
    expect(upgraded).toEqual({ cartToken: "token-1234", cart: [{ ...line, flavour: "Mango Ice" }], wishlist: [] });
    expect(isAppState(upgraded)).toBe(true);
    expect(isAppState(stored)).toBe(false);
  });

  it("leaves today's lines and anything that is not a stored state as they are", () => {
    const today = { cartToken: "token-1234", cart: [{ ...line, flavour: "Cola" }], wishlist: [] };
    expect(upgradeStoredState(today)).toEqual(today);
    expect(upgradeStoredState(null)).toBeNull();
    expect(upgradeStoredState("text")).toBe("text");
  });
});
