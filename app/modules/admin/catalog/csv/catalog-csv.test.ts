// Reading the shop's catalogue CSV (docs/decisions/042): rows, lines and problems with the whole file.
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { MAX_CATALOG_CSV_ROWS, UNSAID } from "./catalog-csv";
import { CATALOG_CSV_COLUMNS, MAX_CATALOG_CSV_BYTES, parseCatalogCsv, readMessages } from "./catalog-csv.server";
import { device, file, flavour, HEADER, line } from "./testing/catalog-csv-fixture";

describe("reading the shop's catalogue CSV", () => {
  it("reads one row per variant, with the item's columns on each", async () => {
    const read = await parseCatalogCsv(
      file(
        device,
        { ...device, SKU: "BAR-MANGO-20", Flavour: "Mango", "Nicotine strength (mg)": "20", Barcode: "" },
        flavour,
      ),
    );
    expect(read).toEqual({
      format: "shop",
      problems: [],
      notes: [],
      missing: [],
      strengths: {},
      rows: [
        {
          line: 2,
          sku: "BAR-BLUE-10",
          kind: "device",
          handle: "bar",
          name: "Bar Pro",
          description: "A rechargeable pod kit.",
          deviceHandle: null,
          flavour: "Blue Razz Ice",
          nicotineStrength: 10,
          puffCount: 5000,
          barcode: "5012345678900",
          priceCents: 999,
          stock: 12,
          trackStock: true,
          images: ["/images/bar.jpg"],
          mhraEcid: "12345-22-67890",
          ...UNSAID,
        },
        expect.objectContaining({
          line: 3,
          sku: "BAR-MANGO-20",
          flavour: "Mango",
          nicotineStrength: 20,
          barcode: null,
        }),
        {
          line: 4,
          sku: "MANGO-20",
          kind: "flavour",
          handle: "mango-ice",
          name: "Mango Ice",
          description: "Mango, then ice.",
          deviceHandle: "bar",
          flavour: "",
          nicotineStrength: 20,
          puffCount: null,
          barcode: null,
          priceCents: 350,
          stock: 40,
          trackStock: true,
          images: [],
          mhraEcid: null,
          ...UNSAID,
        },
      ],
    });
  });

  it("accepts a UTF-8 byte-order mark, CRLF or LF line ends, and text or bytes", async () => {
    const lf = file(device, flavour);
    const crlf = "\uFEFF" + lf.replace(/\n/g, "\r\n");
    const expected = (await parseCatalogCsv(lf)).rows;
    expect(expected).toHaveLength(2);
    const read = { format: "shop", rows: expected, problems: [], notes: [], missing: [], strengths: {} };
    expect(await parseCatalogCsv(crlf)).toEqual(read);
    expect(await parseCatalogCsv(Buffer.from(crlf, "utf8"))).toEqual(read);
    expect((await parseCatalogCsv(lf.replace(/\n$/, ""))).rows).toEqual(expected); // no line end after the last row
  });

  it("finds columns by name in any order, ignoring letter case and columns it does not know", async () => {
    const names = [...CATALOG_CSV_COLUMNS].reverse();
    const text = [
      [...names.map((n) => n.toUpperCase()), "Notes"].join(","),
      stringify([[...names.map((n) => device[n] ?? ""), "ignored"]]),
    ].join("\n");
    expect(await parseCatalogCsv(text)).toEqual(await parseCatalogCsv(file(device)));
  });

  it("numbers lines as a spreadsheet shows them, when quoted cells hold line breaks (LF or CRLF)", async () => {
    const rows = [
      { ...device, Description: "First line,\nsecond line\nthird line" },
      { ...device, SKU: "BAR-MANGO", Flavour: "Mango", Barcode: "", Price: "-2.00", Description: "" },
      { ...flavour, Description: 'Two\n"quoted"\nlines', Stock: "-1" },
    ];
    const text = file(...rows);
    for (const input of [text, text.replace(/\n/g, "\r\n")]) {
      const read = await parseCatalogCsv(input);
      expect(read.rows.map((r) => [r.line, r.description])).toEqual([[2, "First line,\nsecond line\nthird line"]]);
      expect(read.problems).toEqual([
        { line: 5, message: 'Line 5: the price "-2.00" must be a number of pounds, 0 or more.' },
        { line: 6, message: 'Line 6: the stock "-1" must be a whole number, 0 or more.' },
      ]);
    }
  });

  it(
    "skips 2 million blank lines cheaply, still counting them: 2 MB of them used to keep the process busy for 31 s",
    { timeout: 10_000 },
    async () => {
      const text = `${HEADER}\n${"\n".repeat(1_000_000)}${" , ,\t\n".repeat(1_000_000)}${line(device)}`;
      const read = await parseCatalogCsv(text);
      expect(read.problems).toEqual([]);
      expect(read.rows.map((r) => r.line)).toEqual([2_000_002]);
    },
  );

  it("refuses a file of more rows than the most it takes, without reading them all", { timeout: 10_000 }, async () => {
    const rows = (n: number) => `x${",".repeat(CATALOG_CSV_COLUMNS.length - 1)}\n`.repeat(n);
    const tooMany = { rows: [], problems: [{ line: 1, message: readMessages.tooManyRows }] };
    await expect(parseCatalogCsv(`${HEADER}\n${rows(MAX_CATALOG_CSV_ROWS + 1)}`)).resolves.toMatchObject(tooMany);
    // Rows after the most are never read: a file of 20 MB of them answers as soon.
    const huge = `${HEADER}\n${rows(Math.floor((MAX_CATALOG_CSV_BYTES - HEADER.length) / CATALOG_CSV_COLUMNS.length / 1.1))}`;
    expect(Buffer.byteLength(huge)).toBeLessThanOrEqual(MAX_CATALOG_CSV_BYTES);
    await expect(parseCatalogCsv(huge)).resolves.toMatchObject(tooMany);
  });

  it("skips blank lines and rows of empty cells, still counting them", async () => {
    const text = [HEADER, line(device), "", ",,,,,,,,,,,,,,", line({ ...flavour, Price: "x" })].join("\n");
    const read = await parseCatalogCsv(text);
    expect(read.rows.map((r) => r.line)).toEqual([2]);
    expect(read.problems.map((p) => p.line)).toEqual([5]);
  });
});

describe("problems with the whole file (line 1, and no rows)", () => {
  const only = async (input: string | Buffer, message: string) =>
    expect(await parseCatalogCsv(input)).toEqual({
      format: "shop",
      rows: [],
      problems: [{ line: 1, message }],
      notes: [],
      missing: [],
      strengths: {},
    });

  it("an empty file", async () => {
    await only("", "The file is empty.");
    await only("\uFEFF", "The file is empty.");
    await only(" \r\n\r\n", "The file is empty.");
    await only(Buffer.alloc(0), "The file is empty.");
  });

  it("a file over 20 MB, with its size", async () => {
    await only(Buffer.alloc(50 * 1024 * 1024, 0x61), "The file is 50.0 MB; the most a catalogue file may be is 20 MB.");
    expect((await parseCatalogCsv("a".repeat(MAX_CATALOG_CSV_BYTES + 1))).problems[0]!.message).toBe(
      "The file is 20.0 MB; the most a catalogue file may be is 20 MB.",
    );
  });

  it("a file that is not UTF-8 (a spreadsheet's older 'CSV' encoding)", async () => {
    const latin1 = Buffer.from(file(device).replace("9.99", "£9.99"), "latin1");
    await only(
      latin1,
      expect.stringMatching(/^The file is not UTF-8 text\. In Excel choose Save As, then 'CSV UTF-8/) as never,
    );
  });

  it("columns separated by semicolons or tabs", async () => {
    await only(
      CATALOG_CSV_COLUMNS.join(";") + "\nBAR;Device;bar\n",
      "The columns are separated by semicolons (;): save the file as comma-separated CSV.",
    );
    await only(
      CATALOG_CSV_COLUMNS.join("\t") + "\n",
      "The columns are separated by tabs: save the file as comma-separated CSV.",
    );
  });

  it("missing columns, each named", async () => {
    const without = (...names: string[]) => CATALOG_CSV_COLUMNS.filter((n) => !names.includes(n)).join(",");
    await only(without("Price") + "\n", "The file has no 'Price' column.");
    await only(without("Price", "Stock") + "\n", "The file has no 'Price' and 'Stock' columns.");
    await only(
      without("Barcode", "Price", "MHRA number") + "\n",
      "The file has no 'Barcode', 'Price' and 'MHRA number' columns.",
    );
  });

  it("a column named twice", async () => {
    await only(HEADER + ",price\n", "The file has two 'price' columns (columns 11 and 22): keep one.");
  });

  it("a file in neither the shop's format nor Shopify's", async () => {
    await only(
      "Name,Colour,Size\nShirt,red,M\n",
      "The file is neither this shop's catalogue (a header of SKU, Type, Handle, Name …) nor a Shopify product export (Handle, Title, Variant SKU …): download the shop's catalogue CSV to see the columns.",
    );
  });

  it("a quoted cell never closed, naming the line it starts on", async () => {
    const text = [HEADER, line(device), line({ ...flavour, Description: "ok\nstill ok" }), 'X,Flavour,"oops,3'].join(
      "\n",
    );
    await only(
      text,
      'A quoted cell that starts on line 5 is never closed (a " is missing), so the file cannot be read from there on.',
    );
  });
});
