/**
 * The shop's CSV files for other software (an accountant's, a spreadsheet): UTF-8, one header row, CRLF between
 * records, as csv-stringify writes them (the audit log's and customers' CSVs). A text cell a spreadsheet would run as
 * a formula (=, +, -, @, a tab or a return first) gets a leading apostrophe (OWASP, CSV injection); amounts are
 * written as decimal pounds ("43.47", "-5.00") and never guarded, so that accounting software reads them as numbers.
 */
import { stringify } from "csv-stringify/sync";

/** An amount in pence, written as decimal pounds. */
export type Pence = { pence: number };
export type CsvCell = string | number | Pence;

export const pence = (cents: number): Pence => ({ pence: cents });

/** 4347 → "43.47", -500 → "-5.00": no currency sign, no thousands separator. */
export function poundsText(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const whole = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

/** A text cell as written: a leading apostrophe before a formula-like start, which spreadsheets show as text. */
export const guardFormula = (text: string) => (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(text) ? `'${text}` : text);

const cellText = (cell: CsvCell): string =>
  typeof cell === "string" ? guardFormula(cell) : typeof cell === "number" ? String(cell) : poundsText(cell.pence);

/** The header row and the records as one CSV text. */
export function csvFile(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return stringify([[...header], ...rows.map((row) => row.map(cellText))], {
    record_delimiter: "\r\n",
    quote_record_delimiter: true,
  });
}
