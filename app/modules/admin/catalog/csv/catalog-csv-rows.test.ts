// The catalogue CSV's problems in rows and the SKUs it makes (docs/decisions/042).
import { describe, expect, it } from "vitest";
import { parseCatalogCsv } from "./catalog-csv.server";
import { type Cells, device, file, flavour, HEADER, line, messages } from "./testing/catalog-csv-fixture";

describe("problems in rows: every one listed by line, only good rows kept", () => {
  it("words each problem for a shop assistant, and goes on after a bad row", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...device, SKU: "BRI-1" }, // 2
        { ...device, SKU: "BRI-2", Flavour: "Mango", Barcode: "", Price: "-2.00" }, // 3
        { ...device, SKU: "BRI-10", Flavour: "Lemon", Barcode: "" }, // 4
        { ...device, SKU: "BRI-3", Flavour: "Lime", Barcode: "", Stock: "-1" }, // 5
        { ...device, SKU: "BRI-4", Handle: "kit", Barcode: "", Type: "Pod" }, // 6
        { ...device, SKU: "BRI-5", Flavour: "Cola", Barcode: "5012345678901" }, // 7
        { ...flavour, SKU: "F-1", "Puff count": "600" }, // 8
        { ...device, SKU: "BRI-10", Flavour: "Grape", Barcode: "" }, // 9
        { ...device, SKU: "BRI-6", Flavour: "Peach", Barcode: "", Device: "pod" }, // 10
      ),
    );
    expect(read.problems).toEqual([
      { line: 3, message: 'Line 3: the price "-2.00" must be a number of pounds, 0 or more.' },
      { line: 5, message: 'Line 5: the stock "-1" must be a whole number, 0 or more.' },
      { line: 6, message: 'Line 6: the Type "Pod" must be Device or Flavour.' },
      { line: 7, message: "Line 7: the barcode 5012345678901 has a wrong check digit." },
      { line: 8, message: "Line 8: mango-ice is a Flavour, so it has no puff count (puff counts belong to devices)." },
      { line: 9, message: "Line 9: SKU BRI-10 is already used on line 4." },
      {
        line: 10,
        message: "Line 10: bar is a Device, so its Device column must be empty (only flavours name a device).",
      },
    ]);
    expect(read.rows.map((r) => r.line)).toEqual([2, 4]);
  });

  it("two rows of one handle with the same options", async () => {
    const read = await parseCatalogCsv(
      file(
        device,
        { ...device, SKU: "OTHER", Barcode: "", Price: "8.00" },
        { ...device, SKU: "X", Barcode: "", "Puff count": "" },
      ),
    );
    expect(read.problems).toEqual([
      {
        line: 3,
        message:
          "Line 3: bar has the same options as line 2 (Blue Razz Ice, 10 mg, 5000 puffs): each row of one handle is a different variant.",
      },
    ]);
    expect(read.rows.map((r) => r.line)).toEqual([2, 4]); // no puff count is another option
  });

  it("the same flavour in another letter case is the same option", async () => {
    const read = await parseCatalogCsv(file(device, { ...device, SKU: "B2", Barcode: "", Flavour: "blue razz ice" }));
    expect(read.problems.map((p) => p.line)).toEqual([3]);
  });

  it("later rows of a handle may leave the item's columns empty, but not give other values", async () => {
    const variant: Cells = {
      Handle: "bar",
      Flavour: "Mango",
      "Nicotine strength (mg)": "20",
      "Puff count": "5000",
      Price: "9.99",
      Stock: "3",
    };
    const read = await parseCatalogCsv(
      file(
        device,
        variant,
        { ...variant, Flavour: "Lime", Name: "Bar Max" },
        { ...variant, Flavour: "Kiwi", Images: "/images/other.jpg", "MHRA number": "12345-22-67891" },
        { ...variant, Flavour: "Cola", Type: "Flavour", Description: "Other words" },
      ),
    );
    expect(read.rows).toHaveLength(2);
    expect(read.rows[1]).toMatchObject({
      line: 3,
      sku: "bar-mango-20mg-5000",
      kind: "device",
      name: "Bar Pro",
      description: "A rechargeable pod kit.",
      images: ["/images/bar.jpg"],
      mhraEcid: "12345-22-67890",
    });
    const rows = "rows of one handle are one item, so leave it empty or write the same.";
    expect(await messages(file(device, variant, { ...variant, Flavour: "Lime", Name: "Bar Max" }))).toEqual([
      `Line 4: the Name "Bar Max" differs from "Bar Pro" on line 2: ${rows}`,
    ]);
    expect(read.problems.map((p) => p.message)).toEqual([
      `Line 4: the Name "Bar Max" differs from "Bar Pro" on line 2: ${rows}`,
      `Line 5: the Images "/images/other.jpg" differs from "/images/bar.jpg" on line 2: ${rows}`,
      `Line 5: the MHRA number "12345-22-67891" differs from "12345-22-67890" on line 2: ${rows}`,
      `Line 6: the Type "Flavour" differs from "Device" on line 2: ${rows}`,
      `Line 6: the Description "Other words" differs from "A rechargeable pod kit." on line 2: ${rows}`,
    ]);
  });

  it("a wrong item-level cell leaves out every row of the item, not only its own", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...device, Images: "photo.jpg" },
        { Handle: "bar", Flavour: "Mango", "Nicotine strength (mg)": "10", Price: "9.99", Stock: "1" },
        flavour,
      ),
    );
    expect(read.problems.map((p) => p.line)).toEqual([2]);
    expect(read.rows.map((r) => r.handle)).toEqual(["mango-ice"]);
  });

  it("a flavour's Device: needed, and a handle", async () => {
    expect(await messages(file({ ...flavour, Device: "" }))).toEqual([
      "Line 2: mango-ice is a Flavour but names no device: put its device's handle in the Device column.",
    ]);
    expect(await messages(file({ ...flavour, Device: "Bar Pro" }))).toEqual([
      'Line 2: the Device "Bar Pro" must be lowercase letters, digits and single hyphens (such as bar-pro), at most 80 characters.',
      "Line 2: mango-ice is a Flavour but names no device: put its device's handle in the Device column.",
    ]);
    expect(await messages(file({ ...flavour, Flavour: "Mango" }))).toEqual([
      "Line 2: mango-ice is a Flavour, so it has no flavour option (a flavour item's name is its flavour).",
    ]);
  });

  it("a handle, a Type and a Name for each item", async () => {
    expect(await messages(file({ ...device, Handle: "" }))).toEqual(["Line 2: the handle is missing."]);
    expect(await messages(file({ ...device, Handle: "Bar_Pro" }))).toEqual([
      'Line 2: the handle "Bar_Pro" must be lowercase letters, digits and single hyphens (such as bar-pro), at most 80 characters.',
    ]);
    expect((await messages(file({ ...device, Handle: "a".repeat(81) })))[0]).toMatch(/at most 80 characters\.$/);
    expect(await messages(file({ ...device, Type: "" }))).toEqual([
      "Line 2: bar has no Type: write Device or Flavour on its first row.",
    ]);
    expect(await messages(file({ ...device, Name: "" }))).toEqual([
      "Line 2: bar has no Name: write it on its first row.",
    ]);
    expect(await messages(file({ ...device, Name: "n".repeat(121) }))).toEqual([
      "Line 2: the name is 121 characters long; the most is 120.",
      "Line 2: bar has no Name: write it on its first row.",
    ]);
    expect(
      (await parseCatalogCsv(file({ ...device, Type: "flavor", Device: "x", Flavour: "", "Puff count": "" }))).rows[0]!
        .kind,
    ).toBe("flavour");
  });

  it("a nicotine strength on every row: 0 to 20 mg/ml", async () => {
    const nicotine = (value: string) => parseCatalogCsv(file({ ...device, "Nicotine strength (mg)": value }));
    expect((await nicotine("0")).rows[0]!.nicotineStrength).toBe(0);
    expect((await nicotine("20")).rows[0]!.nicotineStrength).toBe(20);
    expect((await nicotine("10mg")).rows[0]!.nicotineStrength).toBe(10);
    expect((await nicotine("")).problems[0]!.message).toBe(
      "Line 2: the nicotine strength is missing: write it in mg/ml, from 0 to 20 (0 for none).",
    );
    for (const bad of ["21", "-1", "2.5", "strong"])
      expect((await nicotine(bad)).problems[0]!.message).toBe(
        `Line 2: the nicotine strength "${bad}" must be a whole number of mg/ml from 0 to 20 (the UK limit is 20).`,
      );
  });

  it("a puff count of 1 to 100,000, or none", async () => {
    const puffs = (value: string) => parseCatalogCsv(file({ ...device, "Puff count": value }));
    expect((await puffs("")).rows[0]!.puffCount).toBeNull();
    expect((await puffs("100000")).rows[0]!.puffCount).toBe(100_000);
    expect((await puffs("5,000")).rows[0]!.puffCount).toBe(5000);
    for (const bad of ["0", "100001", "many"])
      expect((await puffs(bad)).problems[0]!.message).toBe(
        `Line 2: the puff count "${bad}" must be a whole number from 1 to 100,000, or empty.`,
      );
  });

  it("prices in pounds with up to 2 decimals, under £100,000", async () => {
    const price = (value: string) => parseCatalogCsv(file({ ...device, Price: value }));
    expect((await price("10")).rows[0]!.priceCents).toBe(1000);
    expect((await price("9.9")).rows[0]!.priceCents).toBe(990);
    expect((await price("0")).rows[0]!.priceCents).toBe(0);
    expect((await price("£1,299.50")).rows[0]!.priceCents).toBe(129_950);
    expect((await price("99999.99")).rows[0]!.priceCents).toBe(9_999_999);
    expect((await price("")).problems[0]!.message).toBe("Line 2: the price is missing.");
    expect((await price("9.999")).problems[0]!.message).toBe(
      'Line 2: the price "9.999" must have at most 2 decimal places.',
    );
    expect((await price("100000")).problems[0]!.message).toBe('Line 2: the price "100000" must be less than £100,000.');
    expect((await price("12345678901")).problems[0]!.message).toBe(
      'Line 2: the price "12345678901" must be less than £100,000.',
    );
    expect((await price("ten")).problems[0]!.message).toBe(
      'Line 2: the price "ten" must be a number of pounds, 0 or more.',
    );
  });

  it("stock: whole units up to 1,000,000; empty only when not tracked", async () => {
    const stock = (value: string, track = "") =>
      parseCatalogCsv(file({ ...device, Stock: value, "Track stock": track }));
    expect((await stock("0")).rows[0]).toMatchObject({ stock: 0, trackStock: true });
    expect((await stock("1000000")).rows[0]!.stock).toBe(1_000_000);
    expect((await stock("", "no")).rows[0]).toMatchObject({ stock: 0, trackStock: false });
    expect((await stock("5", "No")).rows[0]).toMatchObject({ stock: 5, trackStock: false });
    expect((await stock("")).problems[0]!.message).toBe(
      'Line 2: the stock is missing (write 0 for none, or "no" under Track stock).',
    );
    expect((await stock("1000001")).problems[0]!.message).toBe(
      'Line 2: the stock "1000001" must be 1,000,000 or less.',
    );
    expect((await stock("2.5")).problems[0]!.message).toBe(
      'Line 2: the stock "2.5" must be a whole number, 0 or more.',
    );
    expect((await stock("5", "maybe")).problems[0]!.message).toBe(
      'Line 2: Track stock "maybe" must be yes or no (empty means yes).',
    );
  });

  it("barcodes: empty, or a GTIN with the right check digit", async () => {
    const barcode = (value: string) => parseCatalogCsv(file({ ...device, Barcode: value }));
    expect((await barcode("")).rows[0]!.barcode).toBeNull();
    expect((await barcode("96385074")).rows[0]!.barcode).toBe("96385074");
    expect((await barcode("036000291452")).rows[0]!.barcode).toBe("036000291452");
    expect((await barcode("5 012345 678900")).rows[0]!.barcode).toBe("5012345678900");
    expect((await barcode("1234")).problems[0]!.message).toBe(
      "Line 2: a barcode has 8, 12, 13 or 14 digits; this one has 4.",
    );
    expect((await barcode("50123A5678900")).problems[0]!.message).toBe(
      "Line 2: a barcode is digits only (GTIN-8, 12, 13 or 14).",
    );
    expect((await barcode("5.01235E+12")).problems[0]!.message).toBe(
      "Line 2: the barcode 5.01235E+12 was turned into a number by a spreadsheet: format the Barcode column as text and type it again.",
    );
    expect(await messages(file(device, { ...device, SKU: "B2", Flavour: "Mango" }))).toEqual([
      "Line 3: the barcode 5012345678900 is already used on line 2.",
    ]);
  });

  it("images: web addresses or the shop's paths, separated by spaces or line breaks, at most 10", async () => {
    const images = (value: string) => parseCatalogCsv(file({ ...device, Images: value }));
    expect(
      (await images("/images/a.jpg  https://cdn.example.com/b.png\nhttp://x.example/c.webp")).rows[0]!.images,
    ).toEqual(["/images/a.jpg", "https://cdn.example.com/b.png", "http://x.example/c.webp"]);
    expect((await images("")).rows[0]!.images).toEqual([]);
    for (const bad of ["photo.jpg", "//evil.example/x.png", "javascript:alert(1)", "ftp://x.example/a.png"])
      expect((await images(bad)).problems[0]!.message).toBe(
        `Line 2: the image "${bad}" must be a web address starting with https:// (or http://), or a path starting with /.`,
      );
    const eleven = Array.from({ length: 11 }, (_, i) => `/images/${i}.jpg`).join(" ");
    expect((await images(eleven)).problems[0]!.message).toBe(
      "Line 2: there are 11 images; an item may have at most 10.",
    );
  });

  it("the MHRA number: empty, or the ECID form the back office checks", async () => {
    const mhra = (value: string) => parseCatalogCsv(file({ ...device, "MHRA number": value }));
    expect((await mhra("")).rows[0]!.mhraEcid).toBeNull();
    expect((await mhra("54321-23-00001")).rows[0]!.mhraEcid).toBe("54321-23-00001");
    expect((await mhra("12-34-56789")).problems[0]!.message).toBe(
      'Line 2: the MHRA number "12-34-56789" must look like 12345-22-67890 (5 digits, 2, then 5), or be empty.',
    );
  });

  it("a row with more cells than the header", async () => {
    expect(await messages([HEADER, line(device) + ",surplus"].join("\n"))).toEqual([
      "Line 2: the row has 1 more cell than the header has columns: a cell holding a comma needs quotes around it.",
    ]);
  });
});

describe("SKUs", () => {
  it("as the back office takes them: letters, digits and - _ . /, at most 64", async () => {
    expect((await parseCatalogCsv(file({ ...device, SKU: "VL/BAR_1.2-x" }))).rows[0]!.sku).toBe("VL/BAR_1.2-x");
    for (const bad of ["BAR 1", "-BAR", "=1+2", "S".repeat(65)])
      expect(await messages(file({ ...device, SKU: bad }))).toEqual([
        expect.stringMatching(
          /^Line 2: the SKU ".+" may have only letters, digits and - _ \. \/ \(starting with a letter or digit\), at most 64 characters\.$/,
        ),
      ]);
  });
});

describe("a missing SKU is made from the handle and options", () => {
  it("lowercase with hyphens, the same every time", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...device, SKU: "" },
        { ...device, SKU: "", Flavour: "Crème & Cola", Barcode: "", "Puff count": "" },
        { ...flavour, SKU: "" },
      ),
    );
    expect(read.rows.map((r) => r.sku)).toEqual([
      "bar-blue-razz-ice-10mg-5000",
      "bar-creme-and-cola-10mg",
      "mango-ice-20mg",
    ]);
    expect((await parseCatalogCsv(file({ ...device, SKU: "" }))).rows[0]!.sku).toBe("bar-blue-razz-ice-10mg-5000");
  });

  it("and checked against the SKUs the file gives", async () => {
    expect(
      await messages(
        file({ ...device, SKU: "bar-blue-razz-ice-10mg-5000", Flavour: "Blue" }, { ...device, SKU: "", Barcode: "" }),
      ),
    ).toEqual([
      "Line 3: the SKU made for this row, bar-blue-razz-ice-10mg-5000, is already used on line 2: give the row its own SKU.",
    ]);
  });

  it("compares SKUs without letter case", async () => {
    expect(
      await messages(file({ ...device, SKU: "bri-10" }, { ...device, SKU: "BRI-10", Barcode: "", Flavour: "Mango" })),
    ).toEqual(["Line 3: SKU BRI-10 is already used on line 2."]);
  });
});
