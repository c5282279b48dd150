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
  liquidInText,
  parseHandle,
  looksLikeStrength,
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
  strengthInTitle,
  textCell,
  type Cell,
} from "./catalog-csv-cells";
import {
  itemValue,
  startDraft,
  type CsvRecord,
  type CsvTable,
  type Problems,
  type RowDraft,
} from "./catalog-csv-items";
import { convert } from "html-to-text";

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
    if (!handle.ok) {
      problems.row(row, handle.message);
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
    if (!device.ok) productProblem(device.message);
  } else if (kind === "flavour") deviceHandle = slugify(firstTag, { max: catalogCsvLimits.handle });
  const mhra = parseMhraEcid(productValue("MHRA number"));
  if (!mhra.ok) productProblem(mhra.message);
  const facts = factCells(productValue);
  for (const cell of Object.values(facts)) if (!cell.ok) productProblem(cell.message);
  const fact = <T>(cell: Cell<T | null>): T | null => (cell.ok ? cell.value : null);
  for (const [column, value, max] of [
    ["Title", title, catalogCsvLimits.name],
    ["description", description, catalogCsvLimits.description],
  ] as const) {
    const checked = parseText(value, column, max);
    if (!checked.ok) productProblem(checked.message);
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
    // The liquid in one unit, where an option value or the title writes it ("10ml", "2 ml"); else not known.
    draft.liquidTenths = liquidInText(...OPTION_NUMBERS.map((n) => row.get(`Option${n} Value`)), title);
    draft.handle = handle;
    draft.item = {
      kind,
      name: title,
      description,
      deviceHandle,
      images,
      mhraEcid: mhra.ok ? (mhra.value ?? "") : "",
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

// ---------- the options: which says what -------------------------------------------------------------------------
// Which of a Shopify product's options says what (docs/decisions/042, 069): flavour, nicotine strength and puff count by
// their names, or the strength by an option's values whatever its name; and, for a product without a strength, the
// one staff gave or its title names, else the product is listed as missing one.

/** A row of a Shopify file: its cells by column name (text read as the shop reads it), and whether it was wrong. */
export type ShopifyRow = CsvRecord & { bad: boolean; get(name: string): string };

const optionKinds = [
  { kind: "flavour", pattern: /flavou?r/i },
  { kind: "nicotine", pattern: /nicotine|strength/i },
  { kind: "puffs", pattern: /puff/i },
] as const;
export type OptionKind = (typeof optionKinds)[number]["kind"];
const OPTION_NUMBERS = [1, 2, 3] as const;

/** A Shopify product without a nicotine strength: left out of the rows until staff give one (docs/decisions/069). */
export type MissingStrength = {
  /** The product's first row. */
  line: number;
  handle: string;
  name: string;
  /** How many variants it has. */
  variants: number;
  /** What staff gave for it that was not a strength, and why. */
  given?: { text: string; error: string };
};

/** What reading a Shopify file says besides its rows and problems. */
export type ShopifyContext = {
  /** Strengths staff gave for products without one, by handle, as typed. */
  strengths: Record<string, string>;
  notes: Problems;
  missing: MissingStrength[];
  /** The strengths staff gave that were read, by handle, as typed (for the page to send again with Import). */
  used: Record<string, string>;
};

/**
 * The strength of a product without a nicotine option: the one staff gave, else the one its title names (said in a
 * note); null when neither, and the product is then listed as missing one (and left out).
 */
export function strengthFor(
  handle: string,
  title: string,
  variants: number,
  line: number,
  context: ShopifyContext,
): number | null {
  const typed = context.strengths[handle]?.trim();
  if (typed) {
    const cell = parseNicotine(typed);
    if (cell.ok) {
      context.used[handle] = typed;
      return cell.value;
    }
    context.missing.push({
      line,
      handle,
      name: title || handle,
      variants,
      given: { text: typed, error: cell.message },
    });
    return null;
  }
  const inTitle = strengthInTitle(title);
  if (inTitle !== null) {
    context.notes.row(
      { line, bad: false },
      `${handle} has no nicotine strength option, so its title's ${inTitle} mg/ml is taken as the strength of its ${variants === 1 ? "variant" : `${variants} variants`}`,
    );
    return inTitle;
  }
  context.missing.push({ line, handle, name: title || handle, variants });
  return null;
}

/**
 * Which option (1, 2, 3) holds what, from the option names, or, for a name the shop does not know ('Size'), from its
 * values when every one is a strength ('10mg', '20 mg'); null when an option is not one the shop sells by.
 */
export function optionMap(rows: ShopifyRow[], problems: Problems): Map<OptionKind, number> | null {
  const map = new Map<OptionKind, number>();
  let ok = true;
  for (const n of OPTION_NUMBERS) {
    const named = itemValue(
      rows,
      `Option${n} Name`,
      (row) => row.get(`Option${n} Name`),
      (v) => v !== "",
      String,
      problems,
    );
    const values = rows.map((row) => row.get(`Option${n} Value`)).filter(Boolean);
    if (!named) {
      const stray = rows.find((row) => row.get(`Option${n} Value`));
      if (stray) {
        problems.row(
          stray,
          `Option${n} Value "${stray.get(`Option${n} Value`)}" has no Option${n} Name on the product's first row`,
        );
        ok = false;
      }
      continue;
    }
    const line = { line: named.line, bad: false };
    if (/^title$/i.test(named.value) && values.every((v) => v === "Default Title")) continue;
    const kind =
      optionKinds.find((k) => k.pattern.test(named.value))?.kind ??
      (values.length > 0 && values.every(looksLikeStrength) ? "nicotine" : undefined);
    if (!kind) {
      problems.row(
        line,
        `the option "${named.value}" is not one this shop sells by (use Flavour, Nicotine strength or Puff count; an option whose values are strengths, such as 10mg, is read as the nicotine strength whatever its name)`,
      );
      ok = false;
    } else if (map.has(kind)) {
      problems.row(line, `the option "${named.value}" says the same as Option${map.get(kind)} Name: keep one of them`);
      ok = false;
    } else map.set(kind, n);
  }
  return ok ? map : null;
}

// ---------- Body (HTML) as plain text ----------------------------------------------------------------------------
// Shopify's Body (HTML) as a description's plain text (docs/decisions/042, 069), with html-to-text: tags, scripts and
// images gone, entities decoded, whitespace collapsed; HTML nested too deep to walk is read without its tags.

/**
 * How deep a Body (HTML) may nest its tags before it is read as plain text: html-to-text walks the document by
 * recursion, and somewhere past 2,000 levels it runs out of stack (100,000 nested <div>s answered 500 after 14 s).
 * Real descriptions nest a handful of levels.
 */
export const MAX_HTML_DEPTH = 200;
/** Elements without content, and those a parser closes by itself when the next one opens (a <li> after a <li>). */
const NOT_NESTING = new Set(
  "area base br col embed hr img input link meta param source track wbr p li dt dd option optgroup tr td th thead tbody tfoot rt rp".split(
    " ",
  ),
);

/** The deepest nesting of the HTML's tags, counted from the tags alone (no parse): closing tags close one level. */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^>]*?(\/?)>/g)) {
    if (NOT_NESTING.has(match[2]!.toLowerCase()) || match[3]) continue;
    if (match[1]) depth = Math.max(0, depth - 1);
    else deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

/** The HTML's text with every tag taken out (scripts, styles and comments with their content), entities kept. */
const withoutTags = (html: string) =>
  html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ");

/**
 * Body (HTML) as the plain text of a description: tags and scripts gone, entities decoded, whitespace collapsed. HTML
 * nested deeper than MAX_HTML_DEPTH is read without its tags, lists and paragraphs then run together.
 */
export function htmlText(html: string): string {
  if (!html) return "";
  const flat = htmlDepth(html) > MAX_HTML_DEPTH;
  const text = convert(flat ? withoutTags(html) : html, {
    wordwrap: false,
    selectors: [
      { selector: "a", options: { ignoreHref: true } },
      { selector: "img", format: "skip" },
      { selector: "ul", options: { itemPrefix: "• " } },
      { selector: "table", format: "dataTable", options: { uppercaseHeaderCells: false } },
      ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
    ],
  });
  return text.replace(/\s+/g, " ").trim();
}
