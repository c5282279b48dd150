// The catalogue CSV tests' rows and files (the shop's own format): a right device and flavour row to change.
import { stringify } from "csv-stringify/sync";
import { CATALOG_CSV_COLUMNS, type CatalogCsvColumn, type CatalogCsvRow } from "../catalog-csv";
import { parseCatalogCsv } from "../catalog-csv.server";

export type Cells = Partial<Record<CatalogCsvColumn, string>>;

export const HEADER = CATALOG_CSV_COLUMNS.join(",");
/** A device variant that is right in every cell; tests change the cells they are about. */
export const device: Cells = {
  SKU: "BAR-BLUE-10",
  Type: "Device",
  Handle: "bar",
  Name: "Bar Pro",
  Description: "A rechargeable pod kit.",
  Flavour: "Blue Razz Ice",
  "Nicotine strength (mg)": "10",
  "Puff count": "5000",
  Barcode: "5012345678900",
  Price: "9.99",
  Stock: "12",
  "Track stock": "yes",
  Images: "/images/bar.jpg",
  "MHRA number": "12345-22-67890",
};
export const flavour: Cells = {
  SKU: "MANGO-20",
  Type: "Flavour",
  Handle: "mango-ice",
  Name: "Mango Ice",
  Description: "Mango, then ice.",
  Device: "bar",
  "Nicotine strength (mg)": "20",
  Price: "3.50",
  Stock: "40",
};

/** One CSV line with the cells given (others empty), quoted as a spreadsheet would. */
export const line = (cells: Cells) =>
  stringify([CATALOG_CSV_COLUMNS.map((name) => cells[name] ?? "")]).replace(/\n$/, "");
/** A file: the header, then each row (line 2 onwards). */
export const file = (...rows: Cells[]) => [HEADER, ...rows.map(line)].join("\n") + "\n";
export const messages = async (input: string | Buffer) => (await parseCatalogCsv(input)).problems.map((p) => p.message);
export const withoutLine = ({ line: _line, ...row }: CatalogCsvRow) => row;
