/**
 * Reading a catalogue CSV file into records (docs/decisions/042, 069): the size and text checks, csv-parse, and the
 * header looked up by column name. What goes wrong here is about the whole file, so it comes back as one sentence.
 * The file is parsed a chunk at a time, letting the process serve others in between, and blank lines cost nothing.
 */
import { parse } from "csv-parse";
import { letOthersRun } from "~/lib/take-turns.server";
import { MAX_CATALOG_CSV_BYTES, MAX_CATALOG_CSV_ROWS } from "./catalog-csv";

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
