import { describe, expect, it } from "vitest";
import { cardName, displayName } from "./text";

describe("cardName", () => {
  it("cuts a name to its first 10 characters followed by '...'", () => {
    expect(cardName("Blueberry Sour Raspberry")).toBe("Blueberry ...");
    expect(cardName("Strawberry Kiwi")).toBe("Strawberry...");
  });
  it("keeps short names whole, still followed by '...'", () => expect(cardName("Cola Ice")).toBe("Cola Ice..."));
  it("falls back to 'there is no name'", () => {
    expect(cardName("")).toBe("there is no name");
    expect(cardName(null)).toBe("there is no name");
    expect(cardName("   ")).toBe("there is no name");
  });
});

describe("displayName", () => {
  it("shows the name or the fallback", () => {
    expect(displayName(" Hayati Mini 1500 ")).toBe("Hayati Mini 1500");
    expect(displayName(undefined)).toBe("there is no name");
  });
});
