import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { demoDevices } from "./devices";
import { demoFlavours } from "./flavours";
import { demoPosts } from "./posts";
import { demoReviews } from "./reviews";

// No promotional pricing for nicotine products (CAP Code 22.12; the CAP/MHRA enforcement notice on e-cigarette
// pricing, 2022): no 'sale', 'save £x', percentage-off or countdown wording in the demo content or in what the shop's
// pages say (docs/guide/uk-rules.md, "No promotional pricing").
const PROMOTION =
  /\b(?:(?:flash|summer|winter|big|black friday|clearance) sale|sale price|on sale now|save\s*(?:up to\s*)?[£$]\s?\d|\d+\s*% off|countdown|offer ends|ends (?:soon|tonight|today|at midnight)|limited[- ]time (?:offer|deal|price)|was [£$]\d|hurry,? (?:while|before))/i;

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === "testing" ? [] : sourceFiles(file);
    return /\.(tsx?|md)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });

describe("no promotional pricing wording", () => {
  it("finds the words it looks for", () => {
    for (const text of ["Flash sale!", "Save £5 today", "20% off", "Offer ends Sunday", "was £29.99"])
      expect(text).toMatch(PROMOTION);
    expect("Its items go back on sale").not.toMatch(PROMOTION);
  });

  it("is in none of the demo devices, flavours, reviews or posts", () => {
    const texts = [
      ...demoDevices.map((d) => JSON.stringify(d)),
      ...demoFlavours.map((f) => JSON.stringify(f)),
      ...demoReviews.map((r) => JSON.stringify(r)),
      ...demoPosts.map((p) => JSON.stringify(p)),
    ];
    for (const text of texts) expect(text).not.toMatch(PROMOTION);
  });

  it("is in none of the pages, components or modules", () => {
    const files = ["app/routes", "app/components", "app/modules", "app/lib"].flatMap((d) => sourceFiles(d));
    expect(files.length).toBeGreaterThan(100);
    const found = files.filter((file) => PROMOTION.test(readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });
});
