/**
 * Reading a catalogue CSV file into records (docs/decisions/042): the size and text checks, csv-parse, and the header
 * looked up by column name. What goes wrong here is about the whole file, so it comes back as one sentence.
 */
import { parse } from "csv-parse/sync";
import { MAX_CATALOG_CSV_BYTES } from "./catalog-csv";

/** One record of the file: its cells and the line it starts on (quoted cells may span several lines). */
export type CsvRecord = { line: number; cells: string[] };

export type CsvTable = {
  header: CsvRecord;
  /** The data records, blank ones left out. */
  records: CsvRecord[];
  /** A column's position by its name, case and surrounding spaces ignored. */
  column(name: string): number | undefined;
};

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
} as const;

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
  // csv-parse counts a CRLF inside a quoted cell as two lines; with one kind of line end it counts right.
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

/** Records with the line each starts on, or why the file is not readable CSV. */
function recordsOf(text: string): CsvRecord[] | { problem: string } {
  let lastEnd = 0;
  const starts: number[] = [];
  try {
    const records = parse(text, {
      record_delimiter: "\n",
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      // `lines` is the line a record ends on; the next starts after it (blank lines are records too, so none is lost).
      on_record: (cells, context) => {
        starts.push(lastEnd + 1);
        lastEnd = context.lines;
        return cells;
      },
    });
    return records.map((cells, index) => ({ line: starts[index]!, cells }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "CSV_QUOTE_NOT_CLOSED") return { problem: readMessages.unclosedQuote(lastEnd + 1) };
    if (code?.startsWith("CSV_")) {
      const reason = (error as Error).message.replace(/^[^:]*:\s*/, "");
      return { problem: readMessages.unreadable((error as { lines?: number }).lines ?? lastEnd + 1, reason) };
    }
    throw error;
  }
}

/** The file as a table, or the one problem that stops it being read. */
export function readCsvTable(input: string | Buffer): CsvTable | { problem: string } {
  const text = textOf(input);
  if (typeof text !== "string") return text;
  if (!text.trim()) return { problem: readMessages.empty };
  const all = recordsOf(text);
  if (!Array.isArray(all)) return all;
  const nonBlank = all.filter((record) => !isBlank(record.cells));
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
