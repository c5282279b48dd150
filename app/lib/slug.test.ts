import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("reads '&' as 'and', for devices, flavours and posts alike", () => {
    expect(slugify("Salt & Pepper")).toBe("salt-and-pepper");
    expect(slugify("Fennel & Co Mango&Ice")).toBe("fennel-and-co-mango-and-ice");
    expect(slugify("&")).toBe("and");
  });

  it("drops accents and turns everything else that is not a letter or digit into one hyphen", () => {
    expect(slugify("  Crème Brûlée  ")).toBe("creme-brulee");
    expect(slugify("Crème brûlée: 5 tips!")).toBe("creme-brulee-5-tips");
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
  });

  it("keeps to the length asked for, without a hyphen at the end", () => {
    expect(slugify("a".repeat(150))).toHaveLength(100);
    expect(slugify("blue razz ice", { max: 5 })).toBe("blue");
  });

  it("gives the fallback when nothing is usable", () => {
    expect(slugify("!!!")).toBe("");
    expect(slugify("¿¿¿", { fallback: "post" })).toBe("post");
    expect(slugify("Mango", { fallback: "post" })).toBe("mango");
  });
});
