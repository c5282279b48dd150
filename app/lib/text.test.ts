import { describe, expect, it } from "vitest";
import { displayName } from "./text";

describe("displayName", () => {
  it("shows the whole name, trimmed, or the fallback", () => {
    expect(displayName(" Hayati Mini 1500 ")).toBe("Hayati Mini 1500");
    expect(displayName("Strawberry Raspberry Cherry Ice")).toBe("Strawberry Raspberry Cherry Ice");
    expect(displayName("   ")).toBe("there is no name");
    expect(displayName(undefined)).toBe("there is no name");
  });
});
