// What a catalogue import tells staff (issue 30; docs/decisions/042, 043, 069): its messages and its answer, shared by
// the import's service, its checks and the back office's page.
import type { Result } from "~/lib/result";
import type { CatalogCsvFormat, CsvProblem, MissingStrength } from "./catalog-csv.server";

export type { MissingStrength };

/** The most changed rows, problems, notes and products without a strength one answer lists (the counts say the rest). */
export const MAX_LISTED = 500;

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
  deviceLeftOut: (line: number, handle: string) =>
    `Line ${line}: its device ${handle} is left out until you give its nicotine strength (above the Import button).`,
  shownBroken: (line: number, name: string, reasons: string[]) =>
    `Line ${line}: ${name} is shown in the shop, and the file would leave it unfit to sell: ${reasons.join(" ")} Put it right in the file, or write draft under Status to hide it.`,
  mhraNotListed: (line: number, ecid: string, problem: string) => `Line ${line}: MHRA number ${ecid}: ${problem}`,
  foreignImages:
    "Images from other sites are not imported (the shop shows only its own): upload them on the item's page.",
  stopped: (line: number) =>
    `The import stopped at line ${line}, because the shop changed since the file was checked; the rows before it were imported. Check the file again to import the rest.`,
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
export type ImportCounts = {
  newItems: number;
  newVariants: number;
  updated: number;
  unchanged: number;
  /** Items the import shows in the shop that were not shown (new ones included). */
  published: number;
  /** Items the file marks active that stay drafts, because they may not be published yet (`drafts` says why). */
  drafts: number;
};
/** An item the file marks active that stays a draft: why it may not be published yet. */
export type KeptDraft = { line: number; item: string; reasons: string[] };
/** What an import or its check answers: what the file does, or (a failure, code "invalid") the problems that stop it. */
export type ImportAnswer = Result<
  {
    dryRun: boolean;
    format: CatalogCsvFormat;
    /** The rows that change, by line: at most MAX_LISTED (the counts say how many change in all). */
    changes: ImportChange[];
    counts: ImportCounts;
    drafts: KeptDraft[];
    notes: string[];
    /** Shopify products without a nicotine strength, left out until staff give one. */
    missing: MissingStrength[];
    /** The strengths staff gave that were read, by handle (sent again with Import). */
    strengths: Record<string, string>;
    /** After a dry run: the checked file, waiting for 'Import'. */
    importId: string | null;
  },
  {
    format: CatalogCsvFormat | null;
    /** At most MAX_LISTED; `problemCount` says how many there are. */
    problems: CsvProblem[];
    problemCount: number;
    /** An import stopped part way (the shop changed meanwhile): what it saved before it stopped. */
    saved?: ImportCounts;
  }
>;

/** '1 new item', '2 new items'. */
const count = (n: number, noun: string) => `${n.toLocaleString("en-GB")} ${noun}${n === 1 ? "" : "s"}`;

/** One line of what a file does: '2 new items, 3 new variants, 1 variant to update, 330 unchanged'. */
export function importSummary(c: ImportCounts, planned: boolean): string {
  const parts = [
    count(c.newItems, "new item"),
    count(c.newVariants, "new variant"),
    `${count(c.updated, "variant")} ${planned ? "to update" : "updated"}`,
    `${c.unchanged.toLocaleString("en-GB")} unchanged`,
  ];
  if (c.published > 0) parts.push(`${count(c.published, "item")} ${planned ? "to show" : "shown"} in the shop`);
  if (c.drafts > 0) parts.push(`${count(c.drafts, "item")} marked active ${planned ? "to stay" : "kept as"} drafts`);
  return parts.join(", ");
}
