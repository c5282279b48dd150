import { describe, expect, it } from "vitest";
import { loadConfig, googleEnabled } from "~/lib/config.server";
import { safeLocalPath } from "~/lib/cookies";
import { ageOn, signUpInput } from "./accounts";
import { check } from "~/lib/form-check";
import { failFields } from "~/lib/result";

describe("ageOn", () => {
  const on = (iso: string) => new Date(`${iso}T12:00:00Z`);
  it("counts whole years, turning older on the birthday itself", () => {
    expect(ageOn("2008-11-22", on("2026-11-21"))).toBe(17);
    expect(ageOn("2008-11-22", on("2026-11-22"))).toBe(18);
    expect(ageOn("2008-02-29", on("2026-02-28"))).toBe(17);
    expect(ageOn("2008-02-29", on("2026-03-01"))).toBe(18);
  });
});

describe("sign-up rules", () => {
  const base = {
    firstName: "",
    lastName: "",
    email: "a@example.com",
    password: "12345678",
    dateOfBirth: "1990-01-01",
    terms: "on",
  };
  it("accepts the minimum: email, 8-character password, adult date of birth, terms", () => {
    expect("data" in check(signUpInput, base)).toBe(true);
  });
  it("needs email and password", () => {
    expect(check(signUpInput, { ...base, email: "", password: "" })).toEqual(
      failFields({ email: "Email is required", password: "Password is required" }),
    );
  });
  it("refuses over-long fields", () => {
    expect(check(signUpInput, { ...base, password: "x".repeat(129), firstName: "y".repeat(101) })).toEqual(
      failFields({
        firstName: "First name must be 100 characters or fewer",
        password: "Password must be 128 characters or fewer",
      }),
    );
  });
});

describe("sign-in redirects and Google", () => {
  it("returns only to paths on this site", () => {
    expect(safeLocalPath("/cart")).toBe("/cart");
    expect(safeLocalPath("https://evil.example/")).toBe("/");
    expect(safeLocalPath("//evil.example")).toBe("/");
  });
  it("offers Google only with a client id and secret", () => {
    expect(googleEnabled(loadConfig({}))).toBe(false);
    expect(googleEnabled(loadConfig({ GOOGLE_CLIENT_ID: "id" }))).toBe(false);
    expect(googleEnabled(loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }))).toBe(true);
  });
});
