import { describe, expect, it } from "vitest";
import { checkUkLimits } from "~/modules/compliance/compliance";
import { catalogMessages, checkFlavour, parseSpecifications, type FlavourValues } from "./catalog-admin";
import { slugify } from "~/lib/slug";
import { applyImageIntent, parseIntent } from "./catalog-admin-form";

describe("catalogue form rules", () => {
  it("reads specification rows as Name: Value lines", () => {
    expect(parseSpecifications("Battery: 850 mAh\n\n Coil : 1.2 Ω mesh: dual\n")).toEqual({
      ok: true,
      value: [
        { name: "Battery", value: "850 mAh" },
        { name: "Coil", value: "1.2 Ω mesh: dual" },
      ],
    });
    expect(parseSpecifications("Battery 850 mAh")).toEqual({
      ok: false,
      code: "invalid",
      message: "Write each row as Name: Value (line 1 is not)",
    });
    expect(parseSpecifications("Battery:")).toEqual({
      ok: false,
      code: "invalid",
      message: "Write each row as Name: Value (line 1 is not)",
    });
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
