/**
 * The catalogue in and out as CSV (issue 30; docs/decisions/042), without the database: a file read into variant rows
 * with every problem found listed by line, in the shop's own format or Shopify's product export, and rows written back
 * in the shop's format. Files are read with csv-parse and written with csv-stringify.
 */
import { parse } from "csv-parse";
import { stringify } from "csv-stringify/sync";
import { liquidText } from "~/modules/compliance/vaping-duty";
import { letOthersRun, turnTaker } from "~/lib/take-turns.server";
import {
  CATALOG_CSV_COLUMNS,
  catalogCsvLimits,
  kindWords,
  MAX_CATALOG_CSV_BYTES,
  MAX_CATALOG_CSV_ROWS,
  OPTIONAL_CATALOG_CSV_COLUMNS,
  refillWords,
  type CatalogCsvColumn,
  type CatalogCsvRow,
  type CsvProblem,
} from "./catalog-csv";
import {
  guardFormula,
  parseBarcode,
  parseLiquidCell,
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
import type { CsvRecord, CsvTable } from "./catalog-csv-items";
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
    kind: take(kind, null) ?? (!kind.ok ? "invalid" : null),
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
  draft.liquidTenths = take(parseLiquidCell(cell("Liquid (ml)")), null);
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
    "Liquid (ml)": liquidText(row.liquidTenths),
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

// ---------- reading the file into records ----------------------------------------------------------------------------
// Reading a catalogue CSV file into records (docs/decisions/042, 069): the size and text checks, csv-parse, and the
// header looked up by column name. What goes wrong here is about the whole file, so it comes back as one sentence.
// The file is parsed a chunk at a time, letting the process serve others in between, and blank lines cost nothing.

const megabytes = (bytes: number) => bytes / 1024 / 1024;

export const readMessages = {
  empty: "The file is empty.",
  tooBig: (bytes: number) =>
    `The file is ${megabytes(bytes).toFixed(1)} MB; the most a catalogue file may be is ${megabytes(MAX_CATALOG_CSV_BYTES)} MB.`,
  notUtf8:
    "The file is not UTF-8 text. In Excel choose Save As, then 'CSV UTF-8 (Comma delimited)'; in Numbers or Google Sheets export it as CSV.",
  separator: (name: string) => `The columns are separated by ${name}: save the file as comma-separated CSV.`,
  unclosedQuote: (line: number) =>
    `A quoted cell that starts on line ${line} is never closed (a " is missing), so the file cannot be read from there on.`,
  unreadable: (line: number, reason: string) => `The file cannot be read as CSV at line ${line}: ${reason}`,
  twice: (name: string, first: number, second: number) =>
    `The file has two '${name}' columns (columns ${first} and ${second}): keep one.`,
  tooManyRows: `The file has more than ${MAX_CATALOG_CSV_ROWS.toLocaleString("en-GB")} rows, the most a catalogue file may have: split it into several files.`,
} as const;

/**
 * How much of the file csv-parse reads before the process serves others again: about 10 ms of work for rows as wide
 * as the header, a few hundred ms for one-cell rows (csv-parse builds an error object for each row shorter than the
 * header, even when told to let it through: 50 µs a row, where a full row costs under 1).
 */
const CHUNK_CHARS = 64 * 1024;

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === "");
const normalName = (name: string) => name.trim().toLowerCase();

/** Text from the upload: UTF-8 (a leading byte-order mark dropped), line ends made "\n" (CRLF and old Mac CR too). */
function textOf(input: string | Buffer): string | { problem: string } {
  const bytes = typeof input === "string" ? Buffer.byteLength(input) : input.length;
  if (bytes > MAX_CATALOG_CSV_BYTES) return { problem: readMessages.tooBig(bytes) };
  let text: string;
  if (typeof input === "string") text = input;
  else {
    try {
      text = new TextDecoder("utf-8", { fatal: true }).decode(input);
    } catch {
      return { problem: readMessages.notUtf8 };
    }
  }
  // csv-parse counts a CRLF inside a quoted cell as two lines; with one kind of line end it counts right. A line of
  // only spaces, tabs or commas (a spreadsheet's empty row) is made empty, for csv-parse to skip without making a
  // record of it: it builds an error object, stack and all, for each record shorter than the header, even when told
  // to let such records through, which made 2 million blank lines 31 s of work. (Inside a quoted cell that spans
  // lines, such a line loses its spaces or commas: a description's blank line stays blank.)
  return text
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .replace(/^[ \t,]+$/gm, "");
}

const lineBreaks = (cells: string[]) => {
  let count = 0;
  for (const cell of cells) for (let at = cell.indexOf("\n"); at !== -1; at = cell.indexOf("\n", at + 1)) count++;
  return count;
};

/** The first line after `line` that is not empty (where a record that failed to read starts). */
function nextLineWithText(text: string, line: number): number {
  const lines = text.split("\n");
  let index = line;
  while (index < lines.length - 1 && lines[index] === "") index++;
  return index + 1;
}

/**
 * Records with the line each starts on, or why the file is not readable CSV. At most MAX_CATALOG_CSV_ROWS records
 * after the header are read: past that the file is refused without reading the rest.
 */
async function recordsOf(text: string): Promise<CsvRecord[] | { problem: string }> {
  const records: CsvRecord[] = [];
  let lastEnd = 0;
  let tooMany = false;
  const parser = parse({
    record_delimiter: "\n",
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    // `lines` is the line a record ends on; it starts as many lines up as its quoted cells hold line breaks.
    on_record: (cells: string[], context) => {
      if (tooMany) return null;
      lastEnd = context.lines;
      if (isBlank(cells)) return null;
      if (records.length > MAX_CATALOG_CSV_ROWS) tooMany = true;
      else records.push({ line: context.lines - lineBreaks(cells), cells });
      return null; // kept here, not passed on down the stream
    },
  });
  const failed = new Promise<never>((_, reject) => parser.on("error", reject));
  failed.catch(() => {}); // read below, once the writing stops
  try {
    for (let at = 0; at < text.length && !tooMany; at += CHUNK_CHARS) {
      const chunk = text.slice(at, at + CHUNK_CHARS);
      await Promise.race([new Promise<void>((resolve) => parser.write(chunk, () => resolve())), failed]);
      await letOthersRun();
    }
    if (tooMany) {
      parser.destroy();
      return { problem: readMessages.tooManyRows };
    }
    await Promise.race([new Promise<void>((resolve) => parser.end(() => resolve())), failed]);
    // The last record is read only at the end of the file.
    return tooMany ? { problem: readMessages.tooManyRows } : records;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "CSV_QUOTE_NOT_CLOSED")
      return { problem: readMessages.unclosedQuote(nextLineWithText(text, lastEnd)) };
    if (code?.startsWith("CSV_")) {
      const reason = (error as Error).message.replace(/^[^:]*:\s*/, "");
      return { problem: readMessages.unreadable((error as { lines?: number }).lines ?? lastEnd + 1, reason) };
    }
    throw error;
  }
}

/** The file as a table, or the one problem that stops it being read. */
export async function readCsvTable(input: string | Buffer): Promise<CsvTable | { problem: string }> {
  const text = textOf(input);
  if (typeof text !== "string") return text;
  if (!text.trim()) return { problem: readMessages.empty };
  const nonBlank = await recordsOf(text);
  if (!Array.isArray(nonBlank)) return nonBlank;
  const header = nonBlank[0];
  if (!header) return { problem: readMessages.empty };
  if (header.cells.length === 1) {
    if (header.cells[0]!.includes(";")) return { problem: readMessages.separator("semicolons (;)") };
    if (header.cells[0]!.includes("\t")) return { problem: readMessages.separator("tabs") };
  }
  const columns = new Map<string, number>();
  for (const [index, name] of header.cells.entries()) {
    const key = normalName(name);
    if (!key) continue;
    const first = columns.get(key);
    if (first !== undefined) return { problem: readMessages.twice(name.trim(), first + 1, index + 1) };
    columns.set(key, index);
  }
  return { header, records: nonBlank.slice(1), column: (name) => columns.get(normalName(name)) };
}
