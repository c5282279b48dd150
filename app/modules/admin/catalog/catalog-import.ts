// What a catalogue import tells staff (issue 30; docs/decisions/042, 043): its messages and its answer, shared by the
// import's service, its checks and the back office's page.
import type { CatalogCsvFormat, CsvProblem } from "~/modules/catalog/catalog-csv.server";

export const importMessages = {
  noFile: "Choose a CSV file to import.",
  tooBig: (bytes: number, max: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; the most a catalogue file may be is ${Math.round(max / 1024 / 1024)} MB.`,
  notText: "That file is not a CSV text file: save the spreadsheet as 'CSV UTF-8 (comma delimited)'.",
  expired: "That checked file has expired or was imported already: choose the file and check it again.",
  skuElsewhere: (line: number, sku: string, owner: string) =>
    `Line ${line}: SKU ${sku} belongs to ${owner}; a SKU stays with its item (give this row another SKU).`,
  otherChoices: (line: number, sku: string, saved: string) =>
    `Line ${line}: SKU ${sku} is ${saved} in the shop; change a variant's choices on its item's page, not in the file.`,
  comboTaken: (line: number, name: string, label: string, sku: string) =>
    `Line ${line}: ${name} already sells ${label}, as SKU ${sku}.`,
  barcodeTaken: (line: number, barcode: string, sku: string) =>
    `Line ${line}: the barcode ${barcode} is already SKU ${sku}'s.`,
  noDevice: (line: number, handle: string) =>
    `Line ${line}: there is no device with the handle ${handle}: add the device to the file or to the shop first.`,
  foreignImages:
    "Images from other sites are not imported (the shop shows only its own): upload them on the item's page.",
} as const;

/** What one row does: a new item (with its first variant), a new variant, changes to one, or nothing. */
export type ImportChange = {
  line: number;
  sku: string;
  item: string;
  variant: string;
  action: "new item" | "new variant" | "updated" | "unchanged";
  changes: string[];
};
export type ImportCounts = { newItems: number; newVariants: number; updated: number; unchanged: number };
export type ImportAnswer =
  | {
      ok: true;
      dryRun: boolean;
      format: CatalogCsvFormat;
      changes: ImportChange[];
      counts: ImportCounts;
      notes: string[];
      /** After a dry run: the checked file, waiting for 'Import'. */
      importId: string | null;
    }
  | { ok: false; format: CatalogCsvFormat | null; problems: CsvProblem[] };
