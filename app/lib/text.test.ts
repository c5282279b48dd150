import { describe, expect, it } from "vitest";
import { cardName, displayName } from "./text";

describe("cardName", () => {
  it("cuts a name longer than 10 characters to its first 10 followed by '...'", () => {
    expect(cardName("Blueberry Sour Raspberry")).toBe("Blueberry ...");
    expect(cardName("Crystal Pro Switch 30K")).toBe("Crystal Pr...");
  });
  it("cuts a name of 11 characters, keeping 10", () => expect(cardName("Strawberrys")).toBe("Strawberry..."));
  it("shows a name of exactly 10 characters whole, without '...'", () => {
    expect(cardName("Banana Ice")).toBe("Banana Ice");
    expect(cardName("  Gummy Bear  ")).toBe("Gummy Bear");
  });
  it("shows a shorter name whole, without '...'", () => {
    expect(cardName("Cola Ice")).toBe("Cola Ice");
    expect(cardName("Mr Blue")).toBe("Mr Blue");
  });
  it("counts characters, not UTF-16 units", () => {
    expect(cardName("Piña Colada 🍍")).toBe("Piña Colad...");
    expect(cardName("Mango 🥭🥭🥭🥭")).toBe("Mango 🥭🥭🥭🥭");
  });
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
