// The liquid in one unit in the catalogue CSV (issue 62): the shop's Liquid (ml) column, and the volume Shopify's
// export writes in an option value or the title.
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { liquidMessages } from "~/modules/compliance/vaping-duty";
import { catalogCsv, parseCatalogCsv } from "./catalog-csv.server";
import { file, flavour, HEADER, withoutLine } from "./testing/catalog-csv-fixture";
import { shopify } from "./testing/shopify-fixture";

describe("the shop's Liquid (ml) column", () => {
  it("reads ml as staff type them into tenths; empty is not said", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...flavour, SKU: "MANGO-0", "Nicotine strength (mg)": "0", "Liquid (ml)": "2" },
        { ...flavour, SKU: "MANGO-10", "Nicotine strength (mg)": "10", "Liquid (ml)": "1.5 ml" },
        { ...flavour, SKU: "MANGO-20", "Liquid (ml)": "" },
      ),
    );
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => [r.sku, r.liquidTenths])).toEqual([
      ["MANGO-0", 20],
      ["MANGO-10", 15],
      ["MANGO-20", null],
    ]);
    // Written back as read.
    const again = await parseCatalogCsv(catalogCsv(read.rows));
    expect(again.rows.map(withoutLine)).toEqual(read.rows.map(withoutLine));
  });

  it("refuses a volume no unit holds, under its line", async () => {
    const read = await parseCatalogCsv(
      file(
        { ...flavour, SKU: "MANGO-0", "Nicotine strength (mg)": "0", "Liquid (ml)": "0" },
        { ...flavour, SKU: "MANGO-10", "Nicotine strength (mg)": "10", "Liquid (ml)": "150" },
        { ...flavour, SKU: "MANGO-20", "Liquid (ml)": "2.25" },
      ),
    );
    const lower = (m: string) => m.charAt(0).toLowerCase() + m.slice(1);
    expect(read.problems).toEqual([
      { line: 2, message: `Line 2: the Liquid (ml) "0" is refused: ${lower(liquidMessages.zero)}.` },
      { line: 3, message: `Line 3: the Liquid (ml) "150" is refused: ${lower(liquidMessages.tooMuch)}.` },
      { line: 4, message: `Line 4: the Liquid (ml) "2.25" is refused: ${lower(liquidMessages.decimals)}.` },
    ]);
  });

  it("reads a file exported before the column, its liquid not said", async () => {
    const columns = HEADER.split(",").filter((c) => c !== "Liquid (ml)");
    const text = stringify([columns, columns.map((c) => flavour[c as keyof typeof flavour] ?? "")]);
    expect(text.split("\n")[0]).not.toContain("Liquid");
    const read = await parseCatalogCsv(text);
    expect(read.problems).toEqual([]);
    expect(read.rows[0]!.liquidTenths).toBeNull();
  });
});

describe("the liquid in Shopify's product CSV", () => {
  /** A product's variant rows: the first with the title and option names. */
  const product = (handle: string, first: Record<string, string>, rows: Array<Record<string, string>>) =>
    rows.map((row, i) => ({
      Handle: handle,
      "Variant SKU": `${handle}-${i}`.toUpperCase(),
      "Variant Price": "3.99",
      "Variant Inventory Qty": "5",
      "Variant Inventory Tracker": "shopify",
      ...(i === 0 ? first : {}),
      ...row,
    }));

  it("reads a volume from the title ('10ml', '1.5 ml'), else leaves it unknown; 'mg' and puffs are not volumes", async () => {
    const text = shopify([
      ...product(
        "mango-liquid",
        { Title: "Mango Ice 10ml", Type: "E-liquid", Tags: "bar-pro", "Option1 Name": "Nicotine" },
        [{ "Option1 Value": "10mg" }, { "Option1 Value": "20mg" }],
      ),
      ...product(
        "mint-pods",
        { Title: "Mint Pods 1.5 ml", Type: "Pods", Tags: "bar-pro", "Option1 Name": "Nicotine" },
        [{ "Option1 Value": "20mg" }],
      ),
      ...product(
        "cola-pods",
        { Title: "Cola Pods 600 puffs", Type: "Pods", Tags: "bar-pro", "Option1 Name": "Nicotine" },
        [{ "Option1 Value": "20mg" }],
      ),
    ]);
    const read = await parseCatalogCsv(text);
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => [r.sku, r.kind, r.liquidTenths])).toEqual([
      ["MANGO-LIQUID-0", "flavour", 100],
      ["MANGO-LIQUID-1", "flavour", 100],
      ["MINT-PODS-0", "flavour", 15],
      ["COLA-PODS-0", "flavour", null],
    ]);
  });

  it("reads it from an option value first: a pre-filled device's flavour '2ml', another without", async () => {
    const first = { Title: "Pod Kit", Type: "Vape Kit", "Option1 Name": "Flavour", "Option2 Name": "Nicotine" };
    const read = await parseCatalogCsv(
      shopify(
        product("pod-kit", first, [
          { "Option1 Value": "Blue Razz 2ml", "Option2 Value": "20mg" },
          { "Option1 Value": "Mint", "Option2 Value": "20mg" },
        ]),
      ),
    );
    expect(read.problems).toEqual([]);
    expect(read.rows.map((r) => [r.kind, r.flavour, r.liquidTenths])).toEqual([
      ["device", "Blue Razz 2ml", 20],
      ["device", "Mint", null],
    ]);
  });
});
