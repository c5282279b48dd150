/**
 * The catalogue in and out as CSV (issue 30; docs/decisions/042), without the database: a file read into variant rows
 * with every problem found listed by line, in the shop's own format or Shopify's product export, and rows written back
 * in the shop's format. Files are read with csv-parse and written with csv-stringify.
 */
import { stringify } from "csv-stringify/sync";
import { turnTaker } from "~/lib/take-turns.server";
import {
  CATALOG_CSV_COLUMNS,
  catalogCsvLimits,
  kindWords,
  OPTIONAL_CATALOG_CSV_COLUMNS,
  refillWords,
  type CatalogCsvColumn,
  type CatalogCsvRow,
  type CsvProblem,
} from "./catalog-csv";
import {
  guardFormula,
  parseBarcode,
  parseHandle,
  parseImages,
  parseKind,
  parseMhraEcid,
  parseMl,
  parseNicotine,
  parsePrice,
  parsePuffCount,
  parseRechargeable,
  parseRefill,
  parseSku,
  parseStatus,
  parseStock,
  parseText,
  parseTrackStock,
  textCell,
} from "./catalog-csv-cells";
import {
  catalogRowsOf,
  problemList,
  startDraft,
  type FormatWords,
  type Problems,
  type RowDraft,
} from "./catalog-csv-items";
import { readCsvTable, type CsvRecord, type CsvTable } from "./catalog-csv-read.server";
import { looksLikeShopify, SHOPIFY_COLUMNS, shopifyDrafts, type MissingStrength } from "./catalog-csv-shopify.server";

export { CATALOG_CSV_COLUMNS, MAX_CATALOG_CSV_BYTES } from "./catalog-csv";
export type { CatalogCsvRow, CsvProblem } from "./catalog-csv";
export type { MissingStrength } from "./catalog-csv-shopify.server";

export type CatalogCsvFormat = "shop" | "shopify";
export type CatalogCsvRead = {
  format: CatalogCsvFormat;
  rows: CatalogCsvRow[];
  problems: CsvProblem[];
  /** What was read in a way staff should know, without a problem: a strength taken from a title, say. */
  notes: CsvProblem[];
  /** Shopify products without a nicotine strength, left out of `rows` until staff give one (`strengths`). */
  missing: MissingStrength[];
  /** The strengths staff gave that were read, by handle, as typed. */
  strengths: Record<string, string>;
};
export type CatalogCsvOptions = {
  /** Strengths staff gave for Shopify products without one, by handle, as typed. */
  strengths?: Record<string, string>;
};

const shopWords: FormatWords = { name: "Name", noDevice: "put its device's handle in the Device column" };
const shopifyWords: FormatWords = {
  name: "Title",
  noDevice: "add a Device column with its device's handle, or make the device's handle its first tag",
};

const missingColumns = (names: readonly string[]) =>
  names.length === 1
    ? `The file has no '${names[0]}' column.`
    : `The file has no ${names
        .slice(0, -1)
        .map((name) => `'${name}'`)
        .join(", ")} and '${names.at(-1)}' columns.`;

export const catalogCsvMessages = {
  missingColumns,
  notShopify: (names: readonly string[]) =>
    `The file looks like a Shopify product export, but ${missingColumns(names)
      .replace(/^The file/, "it")
      .replace(/\.$/, "")}: export the products again with all columns.`,
  unknownFormat: `The file is neither this shop's catalogue (a header of ${CATALOG_CSV_COLUMNS.slice(0, 4).join(", ")} …) nor a Shopify product export (Handle, Title, Variant SKU …): download the shop's catalogue CSV to see the columns.`,
} as const;

/**
 * Reads a catalogue file: the shop's own format (one row per variant, the header `CATALOG_CSV_COLUMNS`) or Shopify's
 * product CSV. `rows` are the rows without a problem; `problems` lists every one found, by line (line 1 is the header
 * and the whole file: a file-level problem comes alone, with no rows). The file is read a chunk at a time, letting the
 * process serve others in between (a file of 100,000 rows takes seconds).
 */
export async function parseCatalogCsv(
  input: string | Buffer,
  options: CatalogCsvOptions = {},
): Promise<CatalogCsvRead> {
  const table = await readCsvTable(input);
  if ("problem" in table) return fileProblem("shop", table.problem);
  const problems = problemList();
  const notes = problemList();
  if (looksLikeShopify(table)) {
    const lacking = SHOPIFY_COLUMNS.filter((name) => table.column(name) === undefined);
    if (lacking.length > 0) return fileProblem("shopify", catalogCsvMessages.notShopify(lacking));
    const missing: MissingStrength[] = [];
    const used: Record<string, string> = {};
    const context = { strengths: options.strengths ?? {}, notes, missing, used };
    const drafts = await shopifyDrafts(table, problems, context);
    const rows = await catalogRowsOf(drafts, problems, shopifyWords);
    return {
      format: "shopify",
      rows,
      problems: byLine(problems.list),
      notes: byLine(notes.list),
      missing,
      strengths: used,
    };
  }
  const ours = CATALOG_CSV_COLUMNS.filter((name) => table.column(name) !== undefined);
  if (ours.length < 3) return fileProblem("shop", catalogCsvMessages.unknownFormat);
  const lacking = CATALOG_CSV_COLUMNS.filter(
    (name) => table.column(name) === undefined && !OPTIONAL_CATALOG_CSV_COLUMNS.includes(name),
  );
  if (lacking.length > 0) return fileProblem("shop", catalogCsvMessages.missingColumns(lacking));
  const turns = turnTaker(2000);
  const drafts: RowDraft[] = [];
  for (const record of table.records) {
    await turns.tick();
    drafts.push(shopDraft(record, table, problems));
  }
  const rows = await catalogRowsOf(drafts, problems, shopWords);
  return { format: "shop", rows, problems: byLine(problems.list), notes: [], missing: [], strengths: {} };
}

const fileProblem = (format: CatalogCsvFormat, message: string): CatalogCsvRead => ({
  format,
  rows: [],
  problems: [{ line: 1, message }],
  notes: [],
  missing: [],
  strengths: {},
});

const byLine = (problems: CsvProblem[]) => problems.sort((a, b) => a.line - b.line);

/** The shop's text columns: trimmed, and read back from the apostrophe that guards a formula-like start. */
const TEXT_COLUMNS = new Set<CatalogCsvColumn>([
  "SKU",
  "Handle",
  "Name",
  "Description",
  "Device",
  "Flavour",
  "Barcode",
  "Images",
  "MHRA number",
]);

function shopDraft(record: CsvRecord, table: CsvTable, problems: Problems): RowDraft {
  const cell = (name: CatalogCsvColumn) => {
    const index = table.column(name);
    const raw = index === undefined ? "" : (record.cells[index] ?? "");
    return TEXT_COLUMNS.has(name) ? textCell(raw) : raw.trim();
  };
  const { draft, take } = startDraft(record.line, true, problems);
  const extra = record.cells.slice(table.header.cells.length).filter((c) => c.trim() !== "").length;
  if (extra > 0)
    problems.row(
      draft,
      `the row has ${extra} more cell${extra === 1 ? "" : "s"} than the header has columns: a cell holding a comma needs quotes around it`,
    );
  draft.sku = take(parseSku(cell("SKU")), "");
  draft.handle = take(parseHandle(cell("Handle"), "handle"), null);
  const beforeItem = problems.list.length;
  const kind = parseKind(cell("Type"));
  draft.item = {
    kind: take(kind, null) ?? ("error" in kind ? "invalid" : null),
    name: take(parseText(cell("Name"), "name", catalogCsvLimits.name), ""),
    description: take(parseText(cell("Description"), "description", catalogCsvLimits.description), ""),
    deviceHandle: cell("Device") ? take(parseHandle(cell("Device"), "Device"), "") : "",
    images: take(parseImages(cell("Images")), []),
    mhraEcid: take(parseMhraEcid(cell("MHRA number")), null) ?? "",
    status: take(parseStatus(cell("Status")), null),
    rechargeable: take(parseRechargeable(cell("Rechargeable")), null),
    refill: take(parseRefill(cell("Refill")), null),
    podMl: take(parseMl(cell("Pod size (ml)"), "pod"), null),
    bottleMl: take(parseMl(cell("Bottle size (ml)"), "bottle"), null),
  };
  draft.itemBad = problems.list.length > beforeItem;
  const found = problems.list.length;
  const flavour = take(parseText(cell("Flavour"), "flavour", catalogCsvLimits.option), "");
  const nicotineStrength = take(parseNicotine(cell("Nicotine strength (mg)")), 0);
  const puffCount = take(parsePuffCount(cell("Puff count")), null);
  if (problems.list.length === found) draft.options = { flavour, nicotineStrength, puffCount };
  draft.barcode = take(parseBarcode(cell("Barcode")), null);
  draft.priceCents = take(parsePrice(cell("Price")), 0);
  draft.trackStock = take(parseTrackStock(cell("Track stock")), true);
  draft.stock = take(parseStock(cell("Stock"), draft.trackStock), 0);
  return draft;
}

/** 1299 → "12.99", 1000 → "10.00". */
const pounds = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A text cell as written: one kind of line end, no spaces around it, and a formula-like start guarded. */
const text = (value: string) => guardFormula(value.replace(/\r\n?/g, "\n").trim());

/** The row's cells in the order of `CATALOG_CSV_COLUMNS`. */
function cellsOf(row: Omit<CatalogCsvRow, "line">): Record<CatalogCsvColumn, string> {
  return {
    SKU: text(row.sku),
    Type: kindWords[row.kind],
    Handle: text(row.handle),
    Name: text(row.name),
    Description: text(row.description),
    Device: text(row.deviceHandle ?? ""),
    Flavour: text(row.flavour),
    "Nicotine strength (mg)": String(row.nicotineStrength),
    "Puff count": row.puffCount === null ? "" : String(row.puffCount),
    Barcode: text(row.barcode ?? ""),
    Price: pounds(row.priceCents),
    Stock: String(row.stock),
    "Track stock": row.trackStock ? "yes" : "no",
    Images: text(row.images.join(" ")),
    "MHRA number": text(row.mhraEcid ?? ""),
    Rechargeable: row.rechargeable === null ? "" : row.rechargeable ? "yes" : "no",
    Refill: row.refill === null ? "" : refillWords[row.refill],
    "Pod size (ml)": row.podMl === null ? "" : String(row.podMl),
    "Bottle size (ml)": row.bottleMl === null ? "" : String(row.bottleMl),
    Status: row.status ?? "",
  };
}

/**
 * The catalogue as the shop's CSV: the header, then one row per variant with every column filled (item-level ones
 * repeated), CRLF line ends, UTF-8 without a byte-order mark. Reading it back gives the same rows.
 */
export function catalogCsv(rows: Omit<CatalogCsvRow, "line">[]): string {
  const records = rows.map((row) => {
    const cells = cellsOf(row);
    return CATALOG_CSV_COLUMNS.map((name) => cells[name]);
  });
  // With a record delimiter of its own csv-stringify quotes a cell holding "\n" only when asked (quote_record_delimiter).
  return stringify([[...CATALOG_CSV_COLUMNS], ...records], { record_delimiter: "\r\n", quote_record_delimiter: true });
}
