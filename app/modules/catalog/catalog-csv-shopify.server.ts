/**
 * Shopify's product CSV read as the shop's catalogue (docs/decisions/042). Shopify writes a product over several rows:
 * the first has Title, Body (HTML), Type, Tags and the option names; the next variant rows of the same Handle leave
 * those empty; rows with only Handle and Image Src add images. Options map by name to flavour, nicotine strength and
 * puff count (an option of strengths by its values, docs/decisions/069); a product becomes a Flavour by its Type, with
 * its device from a Device column or its first tag. Its Status says whether it is shown.
 */
import type { ItemKind } from "~/db/values";
import { slugify } from "~/lib/slug";
import { catalogCsvLimits } from "./catalog-csv";
import { turnTaker } from "~/lib/take-turns.server";
import {
  imageError,
  isImageAddress,
  parseBarcode,
  parseHandle,
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
  textCell,
  type Cell,
} from "./catalog-csv-cells";
import { htmlDepth, htmlText, MAX_HTML_DEPTH } from "./catalog-csv-html.server";
import { itemValue, startDraft, type Problems, type RowDraft } from "./catalog-csv-items";
import type { CsvTable } from "./catalog-csv-read.server";
import {
  optionMap,
  strengthFor,
  type OptionKind,
  type ShopifyContext,
  type ShopifyRow,
} from "./catalog-csv-shopify-options.server";

export { htmlText, MAX_HTML_DEPTH } from "./catalog-csv-html.server";
export type { MissingStrength, ShopifyContext } from "./catalog-csv-shopify-options.server";

/** The columns a Shopify product export must have to be read (Handle, Title and Variant SKU say it is one). */
export const SHOPIFY_COLUMNS = ["Handle", "Title", "Variant SKU", "Variant Price"] as const;
/** A file with Shopify's own words in its header (Title, Variant …, Option1 Name …), whatever columns it lacks. */
export const looksLikeShopify = (table: CsvTable) =>
  table.header.cells.some((cell) =>
    /^(title|variant .+|option\d (name|value)|body \(html\)|image src)$/i.test(cell.trim()),
  );

/**
 * A Type that makes a Shopify product a flavour (pods and e-liquids); any other is a device. "Pod kit", "Pod system",
 * "Pod mod" and "Pod device" are devices that take pods.
 */
const FLAVOUR_TYPE = /flavou?r|e-?liquid|\bpods?\b(?!\s*(?:kits?|systems?|mods?|devices?)\b)/i;
export const shopifyKind = (type: string): ItemKind => (FLAVOUR_TYPE.test(type) ? "flavour" : "device");

/** Variant rows carry any of these; a row with none but an Image Src only adds an image. */
const VARIANT_COLUMNS = [
  "Title",
  "Option1 Value",
  "Option2 Value",
  "Option3 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Barcode",
  "Variant Inventory Qty",
];

/** The drafts of a Shopify file's variants (problems said as found); the whole-file rules follow in catalogRowsOf. */
export async function shopifyDrafts(table: CsvTable, problems: Problems, context: ShopifyContext): Promise<RowDraft[]> {
  const turns = turnTaker(1000);
  const products = new Map<string, { variants: ShopifyRow[]; all: ShopifyRow[] }>();
  for (const record of table.records) {
    const row: ShopifyRow = {
      ...record,
      bad: false,
      get(name) {
        const index = table.column(name);
        return index === undefined ? "" : textCell(record.cells[index] ?? "");
      },
    };
    const isVariant = VARIANT_COLUMNS.some((name) => row.get(name) !== "");
    if (!isVariant && !row.get("Image Src")) continue;
    const handle = parseHandle(row.get("Handle"), "handle");
    if ("error" in handle) {
      problems.row(row, handle.error);
      continue;
    }
    const product = products.get(handle.value) ?? { variants: [], all: [] };
    if (isVariant) product.variants.push(row);
    product.all.push(row);
    products.set(handle.value, product);
  }
  const drafts: RowDraft[] = [];
  for (const [handle, product] of products) {
    await turns.tick();
    if (product.variants.length === 0) {
      for (const row of product.all)
        problems.row(row, `this image row's handle ${handle} has no product rows (with a Title or a Variant Price)`);
      continue;
    }
    drafts.push(...productDrafts(handle, product.variants, product.all, problems, context));
  }
  return drafts.sort((a, b) => a.line - b.line);
}

/** The shop's own columns a Shopify file may add, for what publishing needs (docs/decisions/069). */
const factCells = (value: (column: string) => string) => ({
  rechargeable: parseRechargeable(value("Rechargeable")),
  refill: parseRefill(value("Refill")),
  podMl: parseMl(value("Pod size (ml)"), "pod"),
  bottleMl: parseMl(value("Bottle size (ml)"), "bottle"),
  status: parseStatus(value("Status")),
});

function productDrafts(
  handle: string,
  variants: ShopifyRow[],
  all: ShopifyRow[],
  problems: Problems,
  context: ShopifyContext,
): RowDraft[] {
  const first = variants[0]!;
  const productValue = (column: string) =>
    itemValue(
      all,
      column,
      (row) => row.get(column),
      (v) => v !== "",
      String,
      problems,
    )?.value ?? "";
  const title = productValue("Title");
  const body = productValue("Body (HTML)");
  if (htmlDepth(body) > MAX_HTML_DEPTH)
    context.notes.row(
      { line: first.line, bad: false },
      `the Body (HTML) nests its tags more than ${MAX_HTML_DEPTH} deep, so its text was read without its layout (paragraphs and lists run together)`,
    );
  const description = htmlText(body);
  const kind = shopifyKind(productValue("Type"));
  const deviceColumn = productValue("Device");
  const firstTag = productValue("Tags").split(",")[0]?.trim() ?? "";
  let deviceHandle = deviceColumn;
  let productOk = true;
  const productProblem = (what: string, row = first) => {
    problems.row(row, what);
    productOk = false;
  };
  if (deviceColumn) {
    const device = parseHandle(deviceColumn, "Device");
    if ("error" in device) productProblem(device.error);
  } else if (kind === "flavour") deviceHandle = slugify(firstTag, { max: catalogCsvLimits.handle });
  const mhra = parseMhraEcid(productValue("MHRA number"));
  if ("error" in mhra) productProblem(mhra.error);
  const facts = factCells(productValue);
  for (const cell of Object.values(facts)) if ("error" in cell) productProblem(cell.error);
  const fact = <T>(cell: Cell<T | null>): T | null => ("value" in cell ? cell.value : null);
  for (const [column, value, max] of [
    ["Title", title, catalogCsvLimits.name],
    ["description", description, catalogCsvLimits.description],
  ] as const) {
    const checked = parseText(value, column, max);
    if ("error" in checked) productProblem(checked.error);
  }
  const found = problems.list.length;
  const images = imagesOf(all, problems);
  if (problems.list.length > found) productOk = false;
  if (images.length > catalogCsvLimits.images)
    productProblem(`${handle} has ${images.length} images; an item may have at most ${catalogCsvLimits.images}`);
  const options = optionMap(all, problems);
  if (!options) productOk = false;
  let strength: number | null = null;
  if (options && !options.has("nicotine")) {
    const said = strengthFor(handle, title, variants.length, first.line, context);
    if (said === null) return [];
    strength = said;
  }

  return variants.map((row) => {
    const draft = variantDraft(row, problems, options, strength);
    draft.handle = handle;
    draft.item = {
      kind,
      name: title,
      description,
      deviceHandle,
      images,
      mhraEcid: "value" in mhra ? (mhra.value ?? "") : "",
      status: fact(facts.status),
      rechargeable: fact(facts.rechargeable),
      refill: fact(facts.refill),
      podMl: fact(facts.podMl),
      bottleMl: fact(facts.bottleMl),
    };
    draft.bad ||= !productOk || row.bad;
    return draft;
  });
}

function imagesOf(rows: ShopifyRow[], problems: Problems): string[] {
  const images: string[] = [];
  for (const row of rows) {
    const image = row.get("Image Src");
    if (!image || images.includes(image)) continue;
    if (isImageAddress(image)) images.push(image);
    else problems.row(row, imageError(image));
  }
  return images;
}

function variantDraft(
  row: ShopifyRow,
  problems: Problems,
  options: Map<OptionKind, number> | null,
  strength: number | null,
): RowDraft {
  const { draft, take } = startDraft(row.line, false, problems);
  draft.sku = take(parseSku(row.get("Variant SKU")), "");
  draft.barcode = take(parseBarcode(row.get("Variant Barcode")), null);
  draft.priceCents = take(parsePrice(row.get("Variant Price")), 0);
  draft.trackStock = row.get("Variant Inventory Tracker") !== "";
  const quantity = row.get("Variant Inventory Qty");
  if (/^-\d+$/.test(quantity))
    problems.row(
      draft,
      `the stock is ${quantity} (Shopify lets stock go below 0, this shop does not): make it 0 or more in the file`,
    );
  else if (!quantity && draft.trackStock)
    problems.row(draft, "the Variant Inventory Qty is missing (write 0 for none)");
  else draft.stock = take(parseStock(quantity, draft.trackStock), 0);
  if (options) {
    const found = problems.list.length;
    const value = (kind: OptionKind) => {
      const n = options.get(kind);
      return n === undefined ? "" : row.get(`Option${n} Value`);
    };
    const flavour = take(parseText(value("flavour"), "flavour", catalogCsvLimits.option), "");
    const nicotineStrength = options.has("nicotine") ? take(parseNicotine(value("nicotine")), 0) : strength;
    const puffCount = take(parsePuffCount(value("puffs")), null);
    if (problems.list.length === found && nicotineStrength !== null)
      draft.options = { flavour, nicotineStrength, puffCount };
  }
  return draft;
}
