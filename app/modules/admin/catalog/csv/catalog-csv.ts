/**
 * The catalogue as a CSV file (issue 30; docs/decisions/042): one row per variant. The shape of a row, the columns and
 * the limits, client-safe so the back-office page can name them; reading and writing files is catalog-csv.server.ts.
 */
import type { ItemKind } from "~/db/values";
import { fail, type Failure, type FailureCode } from "~/lib/result";
import type { DeviceRefill } from "~/modules/catalog/catalog";

/** Whether an item is shown in the shop (`active`) or hidden (`draft`), as Shopify's Status column says it. */
export type ItemStatus = "active" | "draft";

/** One variant of one item, as a row of the file says it (item-level fields repeated on each of the item's rows). */
export type CatalogCsvRow = {
  /** Where the row starts in the file, as a spreadsheet numbers lines (the header is line 1). */
  line: number;
  sku: string;
  kind: ItemKind;
  /** The item's slug: rows with the same handle are variants of one item. */
  handle: string;
  name: string;
  description: string;
  /** A flavour's device (its handle); null for devices. */
  deviceHandle: string | null;
  /** A device variant's flavour option; "" for flavour items, which have none. */
  flavour: string;
  /** mg/ml, 0 to the UK limit. */
  nicotineStrength: number;
  /** A device variant's puff count; null when it has none, and always for flavours. */
  puffCount: number | null;
  barcode: string | null;
  /**
   * The liquid in one unit, in tenths of a ml (the Vaping Products Duty record); null where the file does not say (its
   * column missing or empty): a new variant then starts without it, one the shop has keeps its own.
   */
  liquidTenths: number | null;
  priceCents: number;
  stock: number;
  trackStock: boolean;
  images: string[];
  mhraEcid: string | null;
  /**
   * What publishing needs besides the MHRA number (docs/decisions/069), null where the file does not say (its column
   * missing or empty): a new item then starts without it, an item the shop has keeps its own. Rechargeable and Refill
   * are devices' only, the bottle size flavours' only.
   */
  status: ItemStatus | null;
  rechargeable: boolean | null;
  refill: DeviceRefill | null;
  podMl: number | null;
  bottleMl: number | null;
};

/** A row's publishing answers (its liquid too) and status when the file says none of them. */
export const UNSAID = {
  status: null,
  rechargeable: null,
  refill: null,
  podMl: null,
  bottleMl: null,
  liquidTenths: null,
} as const;

/** Something wrong in the file: `line` 1 is the header (and the whole file), data rows count from 2. */
export type CsvProblem = { line: number; message: string };

/** A file refused for its problems by line, as a Result failure (app/lib/result.ts): `message` is the first of them. */
export type CsvRefusal = Failure & { problems: CsvProblem[] };
export const refuseFile = (problems: CsvProblem[], code: FailureCode = "invalid"): CsvRefusal => ({
  ...fail(code, problems[0]?.message ?? "The file has problems."),
  problems,
});

/** The shop's own columns, in the order it writes them. */
export const CATALOG_CSV_COLUMNS = [
  "SKU",
  "Type",
  "Handle",
  "Name",
  "Description",
  "Device",
  "Flavour",
  "Nicotine strength (mg)",
  "Puff count",
  "Barcode",
  "Price",
  "Stock",
  "Track stock",
  "Images",
  "MHRA number",
  "Rechargeable",
  "Refill",
  "Pod size (ml)",
  "Bottle size (ml)",
  "Liquid (ml)",
  "Status",
] as const;
export type CatalogCsvColumn = (typeof CATALOG_CSV_COLUMNS)[number];
/**
 * The columns a file of the shop's format may leave out: those that came with docs/decisions/069 and the liquid (issue
 * 62), so a file exported before them still reads (its items' publishing answers and status then stay as they are).
 */
export const OPTIONAL_CATALOG_CSV_COLUMNS: readonly CatalogCsvColumn[] = [
  "Rechargeable",
  "Refill",
  "Pod size (ml)",
  "Bottle size (ml)",
  "Liquid (ml)",
  "Status",
];

export const MAX_CATALOG_CSV_BYTES = 20 * 1024 * 1024;
/** The most rows a file may have (blank ones not counted): a check of that many takes seconds, not minutes. */
export const MAX_CATALOG_CSV_ROWS = 100_000;

/**
 * Limits of one row's cells. The handle, name, description, option and image limits are the back-office form's
 * (catalog-admin.ts `limits` and `MAX_IMAGES`), so an imported item can be saved from the form unchanged; written out
 * here so that the import page's bundle does not take the form's checks (zod) with it.
 */
export const catalogCsvLimits = {
  handle: 80,
  name: 120,
  description: 2000,
  option: 100,
  images: 10,
  imageUrl: 2000,
  /** Pence: prices must be under £100,000. */
  priceCents: 10_000_000,
  stock: 1_000_000,
  puffCount: 100_000,
} as const;

/** The words of the Type column. */
export const kindWords: Record<ItemKind, string> = { device: "Device", flavour: "Flavour" };
/** The words of the Refill column: how a device is refilled (the single-use vapes ban). */
export const refillWords: Record<DeviceRefill, string> = { pods: "pods", coils: "coils", none: "none" };
