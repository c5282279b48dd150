import { describe, expect, it } from "vitest";
import { readCookieHeader, safeLocalPath } from "./cookies";

describe("readCookieHeader", () => {
  const request = (cookie?: string) => cookie;
  it("finds one cookie among several", () =>
    expect(readCookieHeader(request("a=1; age_verified=yes; b=2"), "age_verified")).toBe("yes"));
  it("is undefined when absent or broken", () => {
    expect(readCookieHeader(request(), "a")).toBeUndefined();
    expect(readCookieHeader(request("a=%E0%A4%A"), "a")).toBeUndefined();
    expect(readCookieHeader(request("xa=1"), "a")).toBeUndefined();
  });
});

describe("safeLocalPath", () => {
  it("keeps paths on this site", () => {
    expect(safeLocalPath("/products?page=2")).toBe("/products?page=2");
  });
  it("refuses other sites and odd values", () => {
    for (const raw of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "products",
      "/a\nb",
      null,
      "",
    ]) {
      expect(safeLocalPath(raw)).toBe("/");
    }
  });
});
