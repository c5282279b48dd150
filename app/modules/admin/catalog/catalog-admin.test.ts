import { describe, expect, it } from "vitest";
import { checkUkLimits } from "~/modules/compliance/compliance";
import { catalogMessages, checkFlavour, parseMoney, parseSpecifications, type FlavourValues } from "./catalog-admin";
import { slugify } from "~/lib/slug";
import { applyImageIntent, parseIntent } from "./catalog-admin-form";

describe("catalogue form rules", () => {
  it("reads prices typed in the shop currency as whole cents, refusing negatives, extra decimals and absurd values", () => {
    expect(parseMoney("12.99", "Price")).toEqual({ value: 1299 });
    expect(parseMoney(" 12.9 ", "Price")).toEqual({ value: 1290 });
    expect(parseMoney("7", "Price")).toEqual({ value: 700 });
    expect(parseMoney("0.10", "Price")).toEqual({ value: 10 });
    expect(parseMoney("-1", "Price")).toEqual({ error: "Price cannot be negative" });
    expect(parseMoney("12.999", "Price")).toEqual({ error: "Price can have at most 2 decimal places" });
    expect(parseMoney("12,99", "Price")).toEqual({ error: "Enter price as a number such as 12.99" });
    expect(parseMoney("1e3", "Price")).toEqual({ error: "Enter price as a number such as 12.99" });
    expect(parseMoney("0", "Price")).toEqual({ error: "Price must be more than 0" });
    expect(parseMoney("10000.01", "Price")).toEqual({ error: "Price must be 10000.00 or less" });
    expect(parseMoney("", "Price")).toEqual({ error: "Price is required" });
    expect(parseMoney("", "Original price", true)).toEqual({ value: null });
  });

  it("reads specification rows as Name: Value lines", () => {
    expect(parseSpecifications("Battery: 850 mAh\n\n Coil : 1.2 Ω mesh: dual\n")).toEqual({
      value: [
        { name: "Battery", value: "850 mAh" },
        { name: "Coil", value: "1.2 Ω mesh: dual" },
      ],
    });
    expect(parseSpecifications("Battery 850 mAh")).toEqual({ error: "Write each row as Name: Value (line 1 is not)" });
    expect(parseSpecifications("Battery:")).toEqual({ error: "Write each row as Name: Value (line 1 is not)" });
  });

  it("moves and removes images only within the list, and reads the buttons' intents", () => {
    expect(applyImageIntent(["a", "b", "c"], "up", 1)).toEqual(["b", "a", "c"]);
    expect(applyImageIntent(["a", "b", "c"], "down", 1)).toEqual(["a", "c", "b"]);
    expect(applyImageIntent(["a", "b", "c"], "remove", 2)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "up", 0)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "down", 1)).toEqual(["a", "b"]);
    expect(applyImageIntent(["a", "b"], "remove", 7)).toEqual(["a", "b"]);
    expect(parseIntent("image-down-3")).toEqual({ kind: "image", op: "down", index: 3 });
    expect(parseIntent("upload")).toEqual({ kind: "upload" });
    expect(parseIntent("image-up--1")).toEqual({ kind: "save", draft: false });
    expect(parseIntent(null)).toEqual({ kind: "save", draft: false });
    expect(parseIntent("draft")).toEqual({ kind: "save", draft: true });
  });

  it("makes slugs from names", () => {
    expect(slugify("Blue Razz Ice!")).toBe("blue-razz-ice");
    expect(slugify("  Crème Brûlée  ")).toBe("creme-brulee");
    expect(slugify("<script>alert(1)</script>")).toBe("script-alert-1-script");
    expect(slugify("!!!")).toBe("");
  });

  it("shows the UK limit messages of the compliance module under the fields that break them", () => {
    const values: FlavourValues = {
      name: "Too Strong",
      slug: "",
      description: "x",
      deviceId: "abc",
      price: "4.99",
      sizes: "10\n25",
      trackStock: "on",
      stockQuantity: "5",
      stockSeen: "",
      nicotineMgMl: "21",
      podMl: "2.5",
      bottleMl: "12",
      mhraEcid: "12345-2-67890",
      images: [],
    };
    const result = checkFlavour(values);
    if (!("errors" in result)) throw new Error("expected errors");
    expect(result.errors.nicotineMgMl).toBe(checkUkLimits({ nicotineMgMl: 21 }).nicotineMgMl);
    expect(result.errors.podMl).toBe(checkUkLimits({ nicotineMgMl: 0, podMl: 2.5 }).podMl);
    expect(result.errors.bottleMl).toBe(checkUkLimits({ nicotineMgMl: 0, bottleMl: 12 }).bottleMl);
    expect(result.errors.mhraEcid).toBe(catalogMessages.mhraEcidShape);
    expect(result.errors.sizes).toBe(
      "Nicotine strengths must be whole numbers from 0 to 20 mg (the UK limit is 20 mg/ml)",
    );
  });
});
