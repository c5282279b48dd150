/**
 * Which of a Shopify product's options says what (docs/decisions/042, 069): flavour, nicotine strength and puff count by
 * their names, or the strength by an option's values whatever its name; and, for a product without a strength, the
 * one staff gave or its title names, else the product is listed as missing one.
 */
import { looksLikeStrength, parseNicotine, strengthInTitle } from "./catalog-csv-cells";
import { itemValue, type Problems } from "./catalog-csv-items";
import type { CsvRecord } from "./catalog-csv-read.server";

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
    if ("value" in cell) {
      context.used[handle] = typed;
      return cell.value;
    }
    context.missing.push({ line, handle, name: title || handle, variants, given: { text: typed, error: cell.error } });
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
