import { describe, expect, it } from "vitest";
import { gtinProblem, validGtin } from "./gtin";

describe("barcodes (GTIN)", () => {
  it("accepts real GTIN-8, 12, 13 and 14 codes", () => {
    for (const code of ["96385074", "036000291452", "5012345678900", "4006381333931", "10614141000415"])
      expect([code, validGtin(code)]).toEqual([code, true]);
  });

  it("refuses a wrong check digit, a wrong length and anything but digits, saying which", () => {
    expect(validGtin("5012345678901")).toBe(false);
    expect(gtinProblem("5012345678901")).toBe("The barcode 5012345678901 has a wrong check digit.");
    expect(gtinProblem("12345")).toBe("A barcode has 8, 12, 13 or 14 digits; this one has 5.");
    expect(gtinProblem("50123A5678900")).toBe("A barcode is digits only (GTIN-8, 12, 13 or 14).");
    expect(gtinProblem("5012345678900")).toBeNull();
  });
});
