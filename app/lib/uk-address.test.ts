import { describe, expect, it } from "vitest";
import { isComplete, isUkPostcode, normalizePostcode, oneLine, postalLines } from "./uk-address";

describe("UK postcodes", () => {
  it("takes every format in use, written in any case and spacing, and writes it in capitals with one space", () => {
    const written: Array<[string, string]> = [
      ["ls1 1aa", "LS1 1AA"], // AA9 9AA
      ["M11AE", "M1 1AE"], // A9 9AA
      ["b33 8th", "B33 8TH"], // A99 9AA
      ["CR2 6XH", "CR2 6XH"], // AA9 9AA
      ["dn55  1pt", "DN55 1PT"], // AA99 9AA
      ["w1a 0ax", "W1A 0AX"], // A9A 9AA
      ["EC1A1BB", "EC1A 1BB"], // AA9A 9AA
      [" sw1a 1aa ", "SW1A 1AA"],
      ["BT1 1AA", "BT1 1AA"], // Northern Ireland
      ["GIR 0AA", "GIR 0AA"],
    ];
    for (const [typed, shown] of written) {
      expect(isUkPostcode(typed), typed).toBe(true);
      expect(normalizePostcode(typed)).toBe(shown);
    }
  });

  it("refuses what is not a UK postcode", () => {
    for (const typed of [
      "",
      "LS1",
      "12345",
      "SW1A 1A",
      "LS1 1AAA",
      "QS1 1AA",
      "LS1 1CA",
      "1LS 1AA",
      "LS1-1AA",
      "90210",
    ])
      expect(isUkPostcode(typed), typed).toBe(false);
  });
});

describe("an address on a parcel", () => {
  const address = {
    recipient: "Sam Taylor",
    line1: "Flat 2",
    line2: "12 High Street",
    town: "Leeds",
    postcode: "LS1 1AA",
  };

  it("writes one part per line, leaving out empty ones", () => {
    expect(postalLines(address)).toEqual(["Sam Taylor", "Flat 2", "12 High Street", "Leeds", "LS1 1AA"]);
    expect(postalLines({ ...address, line2: "" })).toEqual(["Sam Taylor", "Flat 2", "Leeds", "LS1 1AA"]);
    expect(oneLine(address)).toBe("Flat 2, 12 High Street, Leeds, LS1 1AA");
  });

  it("keeps the line breaks of an address saved as free text, and says it is not complete", () => {
    const saved = {
      recipient: "",
      line1: "Flat 2\r\n12 High Street\nLeeds LS1 1AA",
      line2: "",
      town: "",
      postcode: "",
    };
    expect(postalLines(saved)).toEqual(["Flat 2", "12 High Street", "Leeds LS1 1AA"]);
    expect(isComplete(saved)).toBe(false);
    expect(isComplete(address)).toBe(true);
    for (const part of ["recipient", "line1", "town", "postcode"] as const)
      expect(isComplete({ ...address, [part]: "" }), part).toBe(false);
  });
});
