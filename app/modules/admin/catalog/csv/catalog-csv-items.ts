/**
 * The catalogue CSV's whole-file rules (docs/decisions/042), after each row's cells were read: rows of one handle are
 * one item and agree on its columns, devices and flavours keep to their own options, a missing SKU is made from the
 * handle and options, and SKUs, barcodes and options are not used twice. The same for the shop's format and Shopify's.
 */
import type { ItemKind } from "~/db/values";
import { turnTaker } from "~/lib/take-turns.server";
import type { DeviceRefill } from "~/modules/catalog/catalog";
import { kindWords, refillWords, type CatalogCsvRow, type CsvProblem, type ItemStatus } from "./catalog-csv";
import { quoted, type Cell } from "./catalog-csv-cells";
import { madeSku, optionsKey, optionsLabel, type VariantOptions } from "~/modules/catalog/variants";

/** One record of the file: its cells and the line it starts on (quoted cells may span several lines). */
export type CsvRecord = { line: number; cells: string[] };

export type CsvTable = {
  header: CsvRecord;
  /** The data records, blank ones left out. */
  records: CsvRecord[];
  /** A column's position by its name, case and surrounding spaces ignored. */
  column(name: string): number | undefined;
};

/** The item-level cells as one row gives them: "" or [] where it leaves them to another row of the item. */
export type ItemCells = {
  /** "invalid": the row's Type cell was wrong (and said so). */
  kind: ItemKind | "invalid" | null;
  name: string;
  description: string;
  deviceHandle: string;
  images: string[];
  mhraEcid: string;
  /** What publishing needs (docs/decisions/069): null where the row does not say. */
  status: ItemStatus | null;
  rechargeable: boolean | null;
  refill: DeviceRefill | null;
  podMl: number | null;
  bottleMl: number | null;
};

/** The item-level cells of a row that says none of them. */
export const emptyItemCells = (): ItemCells => ({
  kind: null,
  name: "",
  description: "",
  deviceHandle: "",
  images: [],
  mhraEcid: "",
  status: null,
  rechargeable: null,
  refill: null,
  podMl: null,
  bottleMl: null,
});

/** One row with its cells read; `bad` once any problem was found on it (it is then left out of the rows). */
export type RowDraft = {
  line: number;
  bad: boolean;
  /** null when the cell was wrong (said so). */
  handle: string | null;
  item: ItemCells;
  /** An item-level cell was wrong (said so): the item's other rows are left out too, not imported without it. */
  itemBad: boolean;
  /** "" when the file gives none (one is made). */
  sku: string;
  /** null when an option cell was wrong (said so). */
  options: VariantOptions | null;
  barcode: string | null;
  /** The liquid in one unit (tenths of a ml); null when the file does not say. */
  liquidTenths: number | null;
  priceCents: number;
  stock: number;
  trackStock: boolean;
};

/**
 * A row's draft before its cells are read, and `take`: a cell's value, or `fallback` with its problem recorded on
 * the row. Both formats read their rows this way (`trackStock`: what a row that does not say means).
 */
export function startDraft(line: number, trackStock: boolean, problems: Problems) {
  const draft: RowDraft = {
    line,
    bad: false,
    handle: null,
    item: emptyItemCells(),
    itemBad: false,
    sku: "",
    options: null,
    barcode: null,
    liquidTenths: null,
    priceCents: 0,
    stock: 0,
    trackStock,
  };
  const take = <T>(cell: Cell<T>, fallback: T): T => {
    if (cell.ok) return cell.value;
    problems.row(draft, cell.message);
    return fallback;
  };
  return { draft, take };
}

export type Problems = {
  list: CsvProblem[];
  /** A problem on a data row: "Line 7: " + what is wrong, as a sentence; the row is left out. */
  row(row: { line: number; bad: boolean }, what: string): void;
};

export function problemList(): Problems {
  const list: CsvProblem[] = [];
  return {
    list,
    row(row, what) {
      row.bad = true;
      list.push({ line: row.line, message: `Line ${row.line}: ${what}.` });
    },
  };
}

/**
 * The value the rows of one item give a column: the first row that gives one. Later rows may leave it empty
 * (Shopify-style); one that gives another value is a problem naming both lines.
 */
export function itemValue<R extends { line: number; bad: boolean }, T>(
  rows: R[],
  column: string,
  get: (row: R) => T,
  given: (value: T) => boolean,
  text: (value: T) => string,
  problems: Problems,
): { value: T; line: number } | null {
  let first: { value: T; line: number } | null = null;
  for (const row of rows) {
    const value = get(row);
    if (!given(value)) continue;
    if (!first) first = { value, line: row.line };
    else if (text(value) !== text(first.value))
      problems.row(
        row,
        `the ${column} ${quoted(text(value))} differs from ${quoted(text(first.value))} on line ${first.line}: rows of one handle are one item, so leave it empty or write the same`,
      );
  }
  return first;
}

const givenText = (value: string) => value !== "";
const given = <T>(value: T | null) => value !== null;

type Item = Omit<
  CatalogCsvRow,
  | "line"
  | "sku"
  | "flavour"
  | "nicotineStrength"
  | "puffCount"
  | "barcode"
  | "liquidTenths"
  | "priceCents"
  | "stock"
  | "trackStock"
>;
type Fact = "status" | "rechargeable" | "refill" | "podMl" | "bottleMl";
const facts: Array<{ key: Fact; column: string; text: (value: never) => string }> = [
  { key: "status", column: "Status", text: String },
  { key: "rechargeable", column: "Rechargeable", text: (v: boolean) => (v ? "yes" : "no") },
  { key: "refill", column: "Refill", text: (v: DeviceRefill) => refillWords[v] },
  { key: "podMl", column: "Pod size (ml)", text: String },
  { key: "bottleMl", column: "Bottle size (ml)", text: String },
];
/** The facts a kind of item does not have: a device has no bottle, a flavour is neither charged nor refilled. */
const notFor: Record<ItemKind, Fact[]> = { device: ["bottleMl"], flavour: ["rechargeable", "refill"] };

/** How a file format names things in its problems: its name column, and where a flavour's device goes. */
export type FormatWords = { name: string; noDevice: string };

/** The item the rows of one handle describe, or null when it cannot be made (said so; its rows are then bad). */
function itemOf(handle: string, rows: RowDraft[], problems: Problems, words: FormatWords): Item | null {
  const first = rows[0]!;
  const isKind = (k: ItemCells["kind"]): k is ItemKind => k === "device" || k === "flavour";
  const kind = itemValue(
    rows,
    "Type",
    (r) => r.item.kind,
    isKind,
    (k) => (isKind(k) ? kindWords[k] : ""),
    problems,
  );
  const name = itemValue(rows, words.name, (r) => r.item.name, givenText, String, problems);
  const description = itemValue(rows, "Description", (r) => r.item.description, givenText, String, problems);
  const device = itemValue(rows, "Device", (r) => r.item.deviceHandle, givenText, String, problems);
  const images = itemValue(
    rows,
    "Images",
    (r) => r.item.images,
    (i) => i.length > 0,
    (i) => i.join(" "),
    problems,
  );
  const mhra = itemValue(rows, "MHRA number", (r) => r.item.mhraEcid, givenText, String, problems);
  const said = Object.fromEntries(
    facts.map(({ key, column, text }) => [
      key,
      itemValue(rows, column, (r) => r.item[key], given, text as (v: unknown) => string, problems)?.value ?? null,
    ]),
  ) as Pick<Item, Fact>;
  let ok = true;
  const itemProblem = (what: string) => {
    problems.row(first, what);
    ok = false;
  };
  if (!kind && !rows.some((r) => r.item.kind === "invalid"))
    itemProblem(`${handle} has no Type: write Device or Flavour on its first row`);
  if (!name) itemProblem(`${handle} has no ${words.name}: write it on its first row`);
  if (kind?.value === "flavour") {
    if (!device) itemProblem(`${handle} is a Flavour but names no device: ${words.noDevice}`);
    for (const row of rows) {
      if (row.options?.puffCount != null)
        problems.row(row, `${handle} is a Flavour, so it has no puff count (puff counts belong to devices)`);
      if (row.options?.flavour)
        problems.row(row, `${handle} is a Flavour, so it has no flavour option (a flavour item's name is its flavour)`);
    }
  }
  if (kind?.value === "device")
    for (const row of rows)
      if (row.item.deviceHandle)
        problems.row(row, `${handle} is a Device, so its Device column must be empty (only flavours name a device)`);
  if (kind && isKind(kind.value)) {
    const k = kind.value;
    for (const fact of facts.filter((f) => notFor[k].includes(f.key)))
      for (const row of rows)
        if (row.item[fact.key] !== null)
          problems.row(row, `${handle} is a ${kindWords[k]}, so its ${fact.column} must be empty`);
  }
  if (!ok || !kind || !isKind(kind.value) || !name || rows.some((row) => row.itemBad)) {
    for (const row of rows) row.bad = true;
    return null;
  }
  return {
    kind: kind.value,
    handle,
    name: name.value,
    description: description?.value ?? "",
    deviceHandle: kind.value === "flavour" ? device!.value : null,
    images: images?.value ?? [],
    mhraEcid: mhra?.value || null,
    ...said,
  };
}

/**
 * The file's rows from its drafts: the item-level columns of each handle resolved, the whole-file rules checked, and
 * only rows without a problem kept.
 */
export async function catalogRowsOf(
  drafts: RowDraft[],
  problems: Problems,
  words: FormatWords,
): Promise<CatalogCsvRow[]> {
  const turns = turnTaker(1000);
  const byHandle = new Map<string, RowDraft[]>();
  for (const draft of drafts) {
    if (draft.handle === null) continue;
    const rows = byHandle.get(draft.handle) ?? [];
    rows.push(draft);
    byHandle.set(draft.handle, rows);
  }
  const items = new Map<string, Item | null>();
  for (const [handle, rows] of byHandle) {
    await turns.tick();
    items.set(handle, itemOf(handle, rows, problems, words));
  }

  const skus = new Map<string, number>();
  const barcodes = new Map<string, number>();
  const options = new Map<string, number>();
  const out: CatalogCsvRow[] = [];
  for (const draft of drafts) {
    await turns.tick();
    const made = !draft.sku && draft.handle !== null && draft.options !== null;
    const sku = draft.sku || (made ? madeSku(draft.handle!, draft.options!) : "");
    if (sku) {
      const key = sku.toLowerCase();
      const usedOn = skus.get(key);
      if (usedOn === undefined) skus.set(key, draft.line);
      else if (made)
        problems.row(
          draft,
          `the SKU made for this row, ${sku}, is already used on line ${usedOn}: give the row its own SKU`,
        );
      else problems.row(draft, `SKU ${sku} is already used on line ${usedOn}`);
    }
    if (draft.barcode) {
      const usedOn = barcodes.get(draft.barcode);
      if (usedOn === undefined) barcodes.set(draft.barcode, draft.line);
      else problems.row(draft, `the barcode ${draft.barcode} is already used on line ${usedOn}`);
    }
    if (draft.handle !== null && draft.options !== null) {
      const o = draft.options;
      const key = `${draft.handle} ${optionsKey({ ...o, flavour: o.flavour.toLowerCase() })}`;
      const usedOn = options.get(key);
      if (usedOn === undefined) options.set(key, draft.line);
      else
        problems.row(
          draft,
          `${draft.handle} has the same options as line ${usedOn} (${optionsLabel(o)}): each row of one handle is a different variant`,
        );
    }
    const item = draft.handle === null ? null : items.get(draft.handle);
    if (draft.bad || !item || !draft.options) continue;
    out.push({
      line: draft.line,
      sku,
      kind: item.kind,
      handle: item.handle,
      name: item.name,
      description: item.description,
      deviceHandle: item.deviceHandle,
      flavour: draft.options.flavour,
      nicotineStrength: draft.options.nicotineStrength,
      puffCount: draft.options.puffCount,
      barcode: draft.barcode,
      liquidTenths: draft.liquidTenths,
      priceCents: draft.priceCents,
      stock: draft.stock,
      trackStock: draft.trackStock,
      images: item.images,
      mhraEcid: item.mhraEcid,
      status: item.status,
      rechargeable: item.rechargeable,
      refill: item.refill,
      podMl: item.podMl,
      bottleMl: item.bottleMl,
    });
  }
  return out;
}
