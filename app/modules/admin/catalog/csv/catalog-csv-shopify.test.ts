// Reading Shopify's product CSV as the shop's catalogue (docs/decisions/042).
import { describe, expect, it } from "vitest";
import { parseCatalogCsv } from "./catalog-csv.server";
import { UNSAID } from "./catalog-csv";
import { htmlText, shopifyKind } from "./catalog-csv-shopify.server";
import { cdn, COLUMNS, export3, messages, shopify, withDevice } from "./testing/shopify-fixture";

describe("reading Shopify's product CSV", () => {
  it("reads products written over several rows: variants, option names on the first row, image-only rows", async () => {
    const read = await parseCatalogCsv(shopify(export3));
    expect(read.problems).toEqual([]);
    expect(read.format).toBe("shopify");
    const barImages = [cdn("bar-pro.jpg"), cdn("bar-pro-side.jpg"), cdn("bar-pro-box.jpg")];
    const bar = {
      kind: "device",
      handle: "bar-pro",
      name: "Bar Pro",
      description: "A rechargeable kit & pods. • 5,000 puffs • USB-C",
      deviceHandle: null,
      images: barImages,
      mhraEcid: null,
      trackStock: true,
      ...UNSAID,
      status: "active", // Shopify's Status
    };
    expect(read.rows).toEqual([
      {
        ...bar,
        line: 2,
        sku: "BAR-BLUE-10",
        flavour: "Blue Razz Ice",
        nicotineStrength: 10,
        puffCount: 5000,
        barcode: "5012345678900",
        priceCents: 1999,
        stock: 12,
      },
      {
        ...bar,
        line: 3,
        sku: "BAR-BLUE-20",
        flavour: "Blue Razz Ice",
        nicotineStrength: 20,
        puffCount: 5000,
        barcode: null,
        priceCents: 1999,
        stock: 0,
      },
      {
        ...bar,
        line: 4,
        sku: "bar-pro-mango-20mg-5000",
        flavour: "Mango",
        nicotineStrength: 20,
        puffCount: 5000,
        barcode: null,
        priceCents: 2100,
        stock: 7,
      },
      {
        line: 7,
        sku: "MIP-10",
        kind: "flavour",
        handle: "mango-ice-pods",
        name: "Mango Ice Pods",
        description: "Cold mango — two pods.",
        deviceHandle: "bar-pro",
        flavour: "",
        nicotineStrength: 10,
        puffCount: null,
        barcode: null,
        priceCents: 549,
        stock: 0,
        trackStock: false,
        images: [cdn("mango.jpg"), cdn("mango-2.jpg")],
        mhraEcid: null,
        ...UNSAID,
      },
      expect.objectContaining({ line: 8, sku: "MIP-0", nicotineStrength: 0, trackStock: false }),
      expect.objectContaining({
        line: 10,
        sku: "LEMON-10",
        kind: "flavour",
        description: "",
        deviceHandle: "bar-pro", // the first tag, "Bar Pro", as a handle
        nicotineStrength: 10,
        trackStock: true,
        stock: 3,
        images: [cdn("lemon.jpg")],
      }),
      expect.objectContaining({ line: 11, sku: "LEMON-20", nicotineStrength: 20, stock: 4 }),
    ]);
  });

  it("takes a flavour's device from a Device column before its tags, and an MHRA number column when there is one", async () => {
    const rows = export3.map((row) =>
      row.Handle === "lemon-tart" && row.Title ? { ...row, Device: "bar-max", "MHRA number": "12345-22-67890" } : row,
    );
    const read = await parseCatalogCsv(shopify(rows, [...withDevice, "MHRA number"]));
    expect(read.problems).toEqual([]);
    expect(read.rows.filter((r) => r.handle === "lemon-tart")).toEqual([
      expect.objectContaining({ deviceHandle: "bar-max", mhraEcid: "12345-22-67890" }),
      expect.objectContaining({ deviceHandle: "bar-max", mhraEcid: "12345-22-67890" }),
    ]);
  });

  it("refuses an option the shop does not sell by, on the line that names it", async () => {
    const text = shopify([
      { ...export3[0]!, "Option3 Name": "Colour", "Option3 Value": "Red" },
      { ...export3[1]!, "Option3 Value": "Blue" },
    ]);
    expect(await parseCatalogCsv(text)).toEqual({
      format: "shopify",
      rows: [],
      notes: [],
      missing: [],
      strengths: {},
      problems: [
        {
          line: 2,
          message:
            'Line 2: the option "Colour" is not one this shop sells by (use Flavour, Nicotine strength or Puff count; an option whose values are strengths, such as 10mg, is read as the nicotine strength whatever its name).',
        },
      ],
    });
    expect(await messages(shopify([{ ...export3[0]!, "Option3 Name": "Flavor", "Option3 Value": "Mint" }]))).toEqual([
      'Line 2: the option "Flavor" says the same as Option1 Name: keep one of them.',
    ]);
  });

  it("refuses a negative inventory and a missing price, so nothing is imported wrong", async () => {
    const text = shopify([
      export3[0]!,
      { ...export3[1]!, "Variant Inventory Qty": "-3" },
      { ...export3[2]!, "Variant Price": "" },
    ]);
    const read = await parseCatalogCsv(text);
    expect(read.problems.map((p) => p.message)).toEqual([
      "Line 3: the stock is -3 (Shopify lets stock go below 0, this shop does not): make it 0 or more in the file.",
      "Line 4: the price is missing.",
    ]);
    expect(read.rows.map((r) => r.line)).toEqual([2]);
  });

  it("needs a quantity for tracked variants; an untracked one without is 0", async () => {
    expect(await messages(shopify([{ ...export3[0]!, "Variant Inventory Qty": "" }]))).toEqual([
      "Line 2: the Variant Inventory Qty is missing (write 0 for none).",
    ]);
    const untracked = await parseCatalogCsv(
      shopify([{ ...export3[0]!, "Variant Inventory Tracker": "", "Variant Inventory Qty": "" }]),
    );
    expect(untracked.rows[0]).toMatchObject({ trackStock: false, stock: 0 });
  });

  it("needs a flavour's device, from a Device column or its first tag", async () => {
    const text = shopify([{ ...export3[5]!, Tags: "" }], withDevice);
    expect(await messages(text)).toEqual([
      "Line 2: mango-ice-pods is a Flavour but names no device: add a Device column with its device's handle, or make the device's handle its first tag.",
    ]);
    expect(await messages(shopify([{ ...export3[0]!, Device: "other" }], withDevice))).toEqual([
      "Line 2: bar-pro is a Device, so its Device column must be empty (only flavours name a device).",
    ]);
  });

  it("checks the cells as the shop's own format does", async () => {
    const text = shopify([
      { ...export3[0]!, "Variant Barcode": "5012345678901", "Option2 Value": "25mg" },
      { ...export3[1]!, "Option3 Value": "lots", "Variant SKU": "BAR-BLUE-10" },
      { ...export3[2]!, "Variant Price": "-1" },
      { Handle: "bar-pro", "Image Src": "not-a-url.jpg" },
    ]);
    expect(await messages(text)).toEqual([
      "Line 2: the barcode 5012345678901 has a wrong check digit.",
      'Line 2: the nicotine strength "25mg" must be a whole number of mg/ml from 0 to 20 (the UK limit is 20).',
      'Line 3: the puff count "lots" must be a whole number from 1 to 100,000, or empty.',
      "Line 3: SKU BAR-BLUE-10 is already used on line 2.",
      'Line 4: the price "-1" must be a number of pounds, 0 or more.',
      'Line 5: the image "not-a-url.jpg" must be a web address starting with https:// (or http://), or a path starting with /.',
    ]);
  });

  it("says so when a later row gives a product another title, or an option value has no option name", async () => {
    expect(await messages(shopify([export3[0]!, { ...export3[1]!, Title: "Bar Pro 2" }]))).toEqual([
      'Line 3: the Title "Bar Pro 2" differs from "Bar Pro" on line 2: rows of one handle are one item, so leave it empty or write the same.',
    ]);
    expect(await messages(shopify([{ ...export3[8]!, "Option2 Value": "Mint" }]))).toEqual([
      'Line 2: Option2 Value "Mint" has no Option2 Name on the product\'s first row.',
    ]);
  });

  it("leaves out a product whose image row is wrong, rather than import it without the image", async () => {
    const read = await parseCatalogCsv(
      shopify([...export3.slice(0, 4), { Handle: "bar-pro", "Image Src": "box.jpg" }]),
    );
    expect(read.problems).toEqual([
      {
        line: 6,
        message:
          'Line 6: the image "box.jpg" must be a web address starting with https:// (or http://), or a path starting with /.',
      },
    ]);
    expect(read.rows).toEqual([]);
  });

  it("refuses image rows of a handle that has no product rows", async () => {
    const read = await parseCatalogCsv(shopify([export3[0]!, { Handle: "ghost", "Image Src": cdn("ghost.jpg") }]));
    expect(read.problems).toEqual([
      {
        line: 3,
        message: "Line 3: this image row's handle ghost has no product rows (with a Title or a Variant Price).",
      },
    ]);
    expect(read.rows).toHaveLength(1);
  });

  it("a file with Shopify's columns but not all it needs is a problem with the whole file", async () => {
    const noPrice = COLUMNS.filter((name) => name !== "Variant Price");
    expect(await parseCatalogCsv(shopify([export3[0]!], noPrice))).toEqual({
      format: "shopify",
      rows: [],
      notes: [],
      missing: [],
      strengths: {},
      problems: [
        {
          line: 1,
          message:
            "The file looks like a Shopify product export, but it has no 'Variant Price' column: export the products again with all columns.",
        },
      ],
    });
    expect(await messages("Handle,Title,Type,Device,MHRA number,Variant Price\nbar,Bar,,,,9.99\n")).toEqual([
      "The file looks like a Shopify product export, but it has no 'Variant SKU' column: export the products again with all columns.",
    ]);
    expect(await messages("Handle,Title,Body (HTML)\nbar,Bar,\n")).toEqual([
      "The file looks like a Shopify product export, but it has no 'Variant SKU' and 'Variant Price' columns: export the products again with all columns.",
    ]);
  });
});

describe("Shopify's words as the shop's", () => {
  it("a Type of flavour, e-liquid or pods makes a flavour; anything else a device", async () => {
    for (const type of ["Flavour", "flavor", "E-liquid", "eliquid", "Pods", "Prefilled pod", "Refill Pods"])
      expect(shopifyKind(type)).toBe("flavour");
    for (const type of ["", "Vape Kit", "Pod Kit", "pod system", "Pod Mod", "Disposable", "Device"])
      expect(shopifyKind(type)).toBe("device");
  });

  it("Body (HTML) as plain text: tags and scripts gone, entities decoded, whitespace collapsed", async () => {
    expect(
      htmlText("<p>Smooth <em>blue&nbsp;razz</em> &amp; ice &mdash; 10&nbsp;ml.</p>\n\n<p>Second &lt;para&gt;</p>"),
    ).toBe("Smooth blue razz & ice — 10 ml. Second <para>");
    expect(
      htmlText(
        '<h2>Features</h2><script>alert(1)</script><style>p{color:red}</style><!-- note --><a href="https://x">link</a><img src="x.jpg">',
      ),
    ).toBe("Features link");
    expect(htmlText("<table><tr><th>Size</th><td>2 ml</td></tr></table>Plain &quot;text&quot; &#8211; &eacute;")).toBe(
      'Size 2 ml Plain "text" – é',
    );
    expect(htmlText("")).toBe("");
  });
});
