// What real vape shops' Shopify exports hold (docs/decisions/069): the nicotine strength under an option of another
// name ('Size': 10mg), single-strength products with one 'Default Title' variant, a Status, and descriptions whose HTML
// is nested too deep to walk.
import { describe, expect, it } from "vitest";
import { parseCatalogCsv } from "./catalog-csv.server";
import { htmlText, MAX_HTML_DEPTH } from "./catalog-csv-shopify.server";
import { export3, messages, shopify } from "./testing/shopify-fixture";

describe("a vape shop's own Shopify export", () => {
  it("reads an option of strengths as the nicotine strength, whatever its name ('Size': 10mg, 20 mg)", async () => {
    const sized = export3.map((row) =>
      row.Handle === "mango-ice-pods"
        ? {
            ...row,
            "Option1 Name": row["Option1 Name"] ? "Size" : "",
            "Option1 Value": (row["Option1 Value"] ?? "").replace("mg", " mg"),
          }
        : row,
    );
    const read = await parseCatalogCsv(shopify(sized));
    expect(read.problems).toEqual([]);
    expect(read.rows.filter((r) => r.handle === "mango-ice-pods").map((r) => [r.sku, r.nicotineStrength])).toEqual([
      ["MIP-10", 10],
      ["MIP-0", 0],
    ]);
    // Values that are not all strengths ("10ml") leave the option unknown, as before.
    const ml = shopify([{ ...export3[5]!, "Option1 Name": "Size", "Option1 Value": "10ml" }]);
    expect((await messages(ml))[0]).toMatch(/^Line 2: the option "Size" is not one this shop sells by/);
  });

  it("leaves out a product without a nicotine strength ('Title: Default Title'), listing it for staff to give one", async () => {
    const single = (title: string) =>
      shopify([
        export3[0]!,
        {
          Handle: "mini-kit",
          Title: title,
          "Option1 Name": "Title",
          "Option1 Value": "Default Title",
          "Variant SKU": "MINI",
          "Variant Price": "10",
        },
      ]);
    const read = await parseCatalogCsv(single("Mini Kit"));
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => r.sku)).toEqual(["BAR-BLUE-10"]);
    expect(read.missing).toEqual([{ line: 3, handle: "mini-kit", name: "Mini Kit", variants: 1 }]);

    // Given by staff: read with it.
    const given = await parseCatalogCsv(single("Mini Kit"), { strengths: { "mini-kit": "6" } });
    expect(given.missing).toEqual([]);
    expect(given.rows.find((r) => r.sku === "MINI")).toMatchObject({ nicotineStrength: 6, puffCount: null });
    // Given wrong: still missing, with why.
    const wrong = await parseCatalogCsv(single("Mini Kit"), { strengths: { "mini-kit": "25" } });
    expect(wrong.missing).toEqual([
      {
        line: 3,
        handle: "mini-kit",
        name: "Mini Kit",
        variants: 1,
        given: {
          text: "25",
          error: 'the nicotine strength "25" must be a whole number of mg/ml from 0 to 20 (the UK limit is 20)',
        },
      },
    ]);

    // In the title: taken from it, and said.
    const titled = await parseCatalogCsv(single("Mini Kit Blue Razz 10ml 12mg"));
    expect(titled.missing).toEqual([]);
    expect(titled.rows.find((r) => r.sku === "MINI")!.nicotineStrength).toBe(12);
    expect(titled.notes).toEqual([
      {
        line: 3,
        message:
          "Line 3: mini-kit has no nicotine strength option, so its title's 12 mg/ml is taken as the strength of its variant.",
      },
    ]);
    // A title with two strengths says neither.
    expect((await parseCatalogCsv(single("Mini Kit 10mg / 20mg"))).missing).toHaveLength(1);
  });

  it("reads 'Nicotine free' and its like as 0 mg/ml", async () => {
    const text = shopify([
      { ...export3[5]!, "Option1 Value": "Nicotine Free" },
      { ...export3[6]!, "Option1 Value": "20mg" },
    ]);
    const read = await parseCatalogCsv(text);
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => r.nicotineStrength)).toEqual([0, 20]);
  });

  it("reads its Status: active, or draft (archived and unlisted too)", async () => {
    const status = async (value: string) =>
      (await parseCatalogCsv(shopify([{ ...export3[0]!, Status: value }]))).rows[0]?.status;
    expect(await status("active")).toBe("active");
    for (const hidden of ["draft", "archived", "unlisted"]) expect(await status(hidden)).toBe("draft");
    expect(await status("")).toBeNull();
    expect(await messages(shopify([{ ...export3[0]!, Status: "live" }]))).toEqual([
      'Line 2: the Status "live" must be active or draft (empty leaves it as it is).',
    ]);
  });

  it(
    "reads a Body (HTML) of 100,000 nested <div>s (1 MB) as plain text, saying so on its line, where it answered 500",
    { timeout: 10_000 },
    async () => {
      const deep = `${"<div>".repeat(100_000)}Cold <b>mango</b> &amp; ice${"</div>".repeat(100_000)}`;
      const read = await parseCatalogCsv(shopify([{ ...export3[0]!, "Body (HTML)": deep }]));
      expect(read.problems).toEqual([]);
      expect(read.rows[0]!.description).toBe("Cold mango & ice");
      expect(read.notes).toEqual([
        {
          line: 2,
          message: `Line 2: the Body (HTML) nests its tags more than ${MAX_HTML_DEPTH} deep, so its text was read without its layout (paragraphs and lists run together).`,
        },
      ]);
      // Unclosed tags nest as deep; scripts and styles go with their content.
      expect(htmlText(`${"<span>".repeat(5_000)}<style>p{}</style><script>x()</script>Text`)).toBe("Text");
      // Nesting within the limit keeps its layout.
      const nested = `${"<div>".repeat(MAX_HTML_DEPTH - 2)}<ul><li>One</li><li>Two</li></ul>${"</div>".repeat(MAX_HTML_DEPTH - 2)}`;
      expect(htmlText(nested)).toBe("• One • Two");
    },
  );
});
