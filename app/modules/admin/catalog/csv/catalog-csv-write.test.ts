// Writing the catalogue CSV, guarding formulas, and reading it back (docs/decisions/042, 069).
import { describe, expect, it } from "vitest";
import { CATALOG_CSV_COLUMNS, catalogCsv, parseCatalogCsv, type CatalogCsvRow } from "./catalog-csv.server";
import { withoutLine } from "./testing/catalog-csv-fixture";

describe("writing the catalogue CSV", () => {
  const rows: Omit<CatalogCsvRow, "line">[] = [
    {
      sku: "BAR-BLUE-10",
      kind: "device",
      handle: "bar",
      name: "=cmd|' /C calc'!A0",
      description: 'Smooth, "icy"\nand sweet, with a comma, and a\nsecond line',
      deviceHandle: null,
      flavour: "Blue Razz Ice",
      nicotineStrength: 10,
      puffCount: 5000,
      barcode: "5012345678900",
      priceCents: 999,
      stock: 12,
      trackStock: true,
      images: ["/images/bar.jpg", "https://cdn.example.com/bar-2.png"],
      mhraEcid: "12345-22-67890",
      status: "active",
      rechargeable: true,
      refill: "pods",
      podMl: 2,
      bottleMl: null,
      liquidTenths: null,
    },
    {
      sku: "BAR-MANGO",
      kind: "device",
      handle: "bar",
      name: "=cmd|' /C calc'!A0",
      description: 'Smooth, "icy"\nand sweet, with a comma, and a\nsecond line',
      deviceHandle: null,
      flavour: "@Mango",
      nicotineStrength: 0,
      puffCount: null,
      barcode: null,
      priceCents: 1000,
      stock: 0,
      trackStock: false,
      images: ["/images/bar.jpg", "https://cdn.example.com/bar-2.png"],
      mhraEcid: "12345-22-67890",
      status: "active",
      rechargeable: true,
      refill: "pods",
      podMl: 2,
      bottleMl: null,
      liquidTenths: 15,
    },
    {
      sku: "MANGO-20",
      kind: "flavour",
      handle: "mango-ice",
      name: "-Mango Ice",
      description: "'=already an apostrophe",
      deviceHandle: "bar",
      flavour: "",
      nicotineStrength: 20,
      puffCount: null,
      barcode: "96385074",
      priceCents: 5,
      stock: 1_000_000,
      trackStock: true,
      images: [],
      mhraEcid: null,
      status: "draft",
      rechargeable: null,
      refill: null,
      podMl: null,
      bottleMl: 10,
      liquidTenths: 100,
    },
  ];

  it("writes the header and one row per variant, CRLF line ends, no byte-order mark", async () => {
    const text = catalogCsv(rows);
    const lines = text.split("\r\n");
    expect(text.startsWith("SKU,")).toBe(true);
    expect(lines[0]).toBe(
      "SKU,Type,Handle,Name,Description,Device,Flavour,Nicotine strength (mg),Puff count,Barcode,Price,Stock,Track stock,Images,MHRA number,Rechargeable,Refill,Pod size (ml),Bottle size (ml),Liquid (ml),Status",
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(lines[1]).toBe(
      `BAR-BLUE-10,Device,bar,'=cmd|' /C calc'!A0,"Smooth, ""icy""\nand sweet, with a comma, and a\nsecond line",,Blue Razz Ice,10,5000,5012345678900,9.99,12,yes,/images/bar.jpg https://cdn.example.com/bar-2.png,12345-22-67890,yes,pods,2,,,active`,
    );
    expect(text).toContain("\r\nBAR-MANGO,Device,bar,'=cmd");
    expect(text).toContain(",'@Mango,0,,,10.00,0,no,");
    expect(text).toContain(",pods,2,,1.5,active\r\n"); // the liquid in one unit, 1.5 ml
    expect(text).toContain(
      `\r\nMANGO-20,Flavour,mango-ice,'-Mango Ice,''=already an apostrophe,bar,,20,,96385074,0.05,1000000,yes,,,,,,10,10,draft\r\n`,
    );
    expect(catalogCsv([])).toBe(`${CATALOG_CSV_COLUMNS.join(",")}\r\n`);
  });

  it("reads back as the same rows, and writes the same file again", async () => {
    const first = catalogCsv(rows);
    const read = await parseCatalogCsv(first);
    expect(read.problems).toEqual([]);
    expect(read.rows.map(withoutLine)).toEqual(rows);
    expect(read.rows.map((r) => r.line)).toEqual([2, 5, 8]);
    expect(catalogCsv(read.rows)).toBe(first);
  });

  it("guards every formula-like start in text cells, and reads each back", async () => {
    for (const start of ["=", "+", "-", "@", "\uFF1D", "'=", "''+"]) {
      const row = { ...rows[1]!, name: `${start}1+2`, description: `${start}D`, flavour: `${start}F` };
      const text = catalogCsv([row]);
      expect(text.split("\r\n")[1]).toContain(`,'${start}1+2,'${start}D,,'${start}F,`);
      expect((await parseCatalogCsv(text)).rows.map(withoutLine)).toEqual([row]);
    }
    const plain = { ...rows[2]!, name: "'quoted' on purpose", description: "a - b = c" };
    expect(catalogCsv([plain])).toContain(",'quoted' on purpose,a - b = c,");
    expect((await parseCatalogCsv(catalogCsv([plain]))).rows[0]!.name).toBe("'quoted' on purpose");
  });

  it("writes one kind of line break inside cells and no spaces around them, so a second round gives the same file", async () => {
    const messy = { ...rows[2]!, name: "  Mango Ice ", description: "one\r\ntwo\rthree" };
    const first = catalogCsv([messy]);
    expect(first).toContain(',Mango Ice,"one\ntwo\nthree",');
    expect(catalogCsv((await parseCatalogCsv(first)).rows)).toBe(first);
  });

  it("reads a file of 10,000 rows", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      ...rows[0]!,
      sku: `SKU-${i}`,
      handle: `device-${Math.floor(i / 10)}`,
      flavour: `Flavour ${i % 10}`,
      barcode: null,
    }));
    const read = await parseCatalogCsv(catalogCsv(many));
    expect(read.problems).toEqual([]);
    expect(read.rows).toHaveLength(10_000);
    expect(read.rows.at(-1)).toMatchObject({ sku: "SKU-9999", handle: "device-999", line: 2 + 9_999 * 3 });
  });
});
