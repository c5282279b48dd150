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
    expect(safeLocalPath("/admin/orders?status=pending#top")).toBe("/admin/orders?status=pending#top");
    expect(safeLocalPath("/search?q=cr%C3%A8me%20br%C3%BBl%C3%A9e")).toBe("/search?q=cr%C3%A8me%20br%C3%BBl%C3%A9e");
    expect(safeLocalPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example"); // a path of this site
  });
  it("drops anything that is not a plain ASCII path (issue 26: a character above U+00FF gave a 500)", () => {
    for (const raw of [
      "/\u2215\u2215evil.example",
      "/caf\u00e9",
      "/a b",
      "/a\tb",
      "/a\u007fb",
      "/a\\b",
      "/\t/evil.example",
      "/" + "a".repeat(1000),
    ]) {
      expect(safeLocalPath(raw), JSON.stringify(raw)).toBe("/");
    }
    expect(safeLocalPath("/\u2215\u2215evil.example", "/account")).toBe("/account");
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
