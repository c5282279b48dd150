/**
 * Reading the MHRA's published list of notified e-cigarette products (a CSV file): the column of notification numbers
 * (ECID) is found by its heading ('ECID' or '… notification number …'), or, without a heading, as the first cell of the
 * shape 12345-22-67890 on each line. Client-safe and pure: the service stores what this reads.
 */
import { MHRA_ECID } from "./compliance";

/** The largest list `npm run mhra:import` reads; the back-office upload's limit is UPLOAD_MAX_BYTES. */
export const MHRA_LIST_MAX_BYTES = 50_000_000;
export const MAX_REFUSED_SHOWN = 50;

export type RefusedLine = { line: number; reason: string };
export type MhraListRead = { numbers: Map<string, string>; refused: RefusedLine[]; lines: number };

export const mhraListMessages = {
  empty:
    "No MHRA notification number was found in the file (a column headed ECID, or numbers like 12345-22-67890). Nothing was loaded.",
  tooBig: (maxBytes: number) =>
    `The file is larger than ${Math.floor(maxBytes / 100_000) / 10} MB, the most this page takes. Nothing was loaded: load a bigger list with npm run mhra:import FILE.`,
  missing: "Choose the MHRA's list (a CSV file) first.",
  notText: "The file is not a text (CSV) file. Nothing was loaded.",
  unknown: (loadedOn: string) =>
    `This number is not on the MHRA's published list loaded on ${loadedOn}. Check it against the product's notification, or load a newer list.`,
} as const;

/** One CSV line split into cells (quotes may hold commas and doubled quotes). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const isEcidHeading = (cell: string) => /^ecid$|notification\s*(number|no|id)|^ecid\b/i.test(cell.trim());
const isProductHeading = (cell: string) => /product|brand/i.test(cell.trim()) && !isEcidHeading(cell);

/** The list's numbers (each once, with the product's name when the file has one) and the lines refused, by number. */
export function readMhraList(text: string): MhraListRead {
  const rows = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const numbers = new Map<string, string>();
  const refused: RefusedLine[] = [];
  const header = csvCells(rows[0] ?? "");
  const ecidColumn = header.findIndex(isEcidHeading);
  const productColumn = ecidColumn >= 0 ? header.findIndex(isProductHeading) : -1;
  let lines = 0;
  for (const [index, raw] of rows.entries()) {
    if (index === 0 && ecidColumn >= 0) continue;
    if (!raw.trim()) continue;
    lines++;
    const cells = csvCells(raw);
    const ecid = ecidColumn >= 0 ? (cells[ecidColumn] ?? "") : (cells.find((c) => MHRA_ECID.test(c)) ?? "");
    if (!MHRA_ECID.test(ecid)) {
      refused.push({
        line: index + 1,
        reason: ecid
          ? `"${ecid.slice(0, 30)}" is not a notification number (12345-22-67890)`
          : "no notification number",
      });
      continue;
    }
    if (!numbers.has(ecid)) numbers.set(ecid, productColumn >= 0 ? (cells[productColumn] ?? "").slice(0, 200) : "");
  }
  return { numbers, refused, lines };
}
