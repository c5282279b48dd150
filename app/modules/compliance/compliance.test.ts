import { describe, expect, it } from "vitest";
import { ageCookie, ageStatus } from "./age-gate";
import { checkUkLimits, isCompliant } from "./compliance";

describe("checkUkLimits", () => {
  it("accepts entries within the UK limits", () => {
    expect(checkUkLimits({ nicotineMgMl: 20, podMl: 2 })).toEqual({});
    expect(checkUkLimits({ nicotineMgMl: 0, bottleMl: 10 })).toEqual({});
  });
  it("refuses nicotine over 20 mg/ml, pods over 2 ml and bottles over 10 ml", () => {
    const problems = checkUkLimits({ nicotineMgMl: 25, podMl: 2.5, bottleMl: 30 });
    expect(problems.nicotineMgMl).toMatch(/20 mg\/ml/);
    expect(problems.podMl).toMatch(/2 ml/);
    expect(problems.bottleMl).toMatch(/10 ml/);
    expect(isCompliant({ nicotineMgMl: 20.1 })).toBe(false);
  });
  it("refuses impossible values", () => {
    expect(isCompliant({ nicotineMgMl: -1 })).toBe(false);
    expect(isCompliant({ nicotineMgMl: Number.NaN })).toBe(false);
    expect(isCompliant({ nicotineMgMl: 10, podMl: 0 })).toBe(false);
  });
});

describe("age gate", () => {
  const withCookie = (cookie: string) => new Request("http://shop.test/", { headers: { cookie } });
  it("reads the answer from the cookie", () => {
    expect(ageStatus(withCookie("age_verified=yes"))).toBe("confirmed");
    expect(ageStatus(withCookie("age_verified=no"))).toBe("refused");
    expect(ageStatus(withCookie("age_verified=maybe"))).toBe("unknown");
    expect(ageStatus(new Request("http://shop.test/"))).toBe("unknown");
  });
  it("remembers 'yes' for a year and 'no' for the browser session", () => {
    expect(ageCookie("yes", true)).toMatch(
      /^age_verified=yes; Path=\/; SameSite=Lax; HttpOnly; Max-Age=31536000; Secure$/,
    );
    expect(ageCookie("no", false)).toBe("age_verified=no; Path=/; SameSite=Lax; HttpOnly");
  });
});
