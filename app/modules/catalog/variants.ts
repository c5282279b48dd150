/**
 * Variants (docs/decisions/043): what a shopper chooses on an item's page and the shop counts on its shelf. A device's
 * variant is one of the flavour × nicotine strength × puff count combinations staff list; a flavour's is one of its
 * nicotine strengths. Client-safe: plain values and rules, no I/O.
 */
import { slugify } from "~/lib/slug";
import type { ItemKind } from "~/db/values";

/** An item's or a variant's stock: a quantity of whole units, or not tracked (made to order: never runs out). */
export type Stock = { tracked: boolean; quantity: number };

/** The choices that make a variant: a device's flavour ('' for flavour items), nicotine strength and puff count. */
export type VariantOptions = { flavour: string; nicotineStrength: number; puffCount: number | null };

/**
 * A variant as the storefront offers it: its choices, SKU, barcode (GTIN, printed on the box: search engines read it
 * from the page's structured data), price (the item's unless set) and stock.
 */
export type VariantOffer = VariantOptions & {
  id: string;
  sku: string;
  barcode: string | null;
  priceCents: number;
  stock: Stock;
};

/** A variant as the back office edits it. */
export type Variant = VariantOffer & {
  kind: ItemKind;
  itemId: string;
  /** Its own price, or null when it sells at the item's price. */
  ownPriceCents: number | null;
  position: number;
  archived: boolean;
  /** The item's stock was moved to this variant when variants began: staff should count it. */
  stockToCheck: boolean;
  /** The liquid in one unit, in tenths of a ml (Vaping Products Duty, compliance/vaping-duty.ts); null: not known. */
  liquidTenths: number | null;
};

/** One text for a combination of choices: the same choices always give the same key. */
export const optionsKey = (o: VariantOptions) => `${o.flavour}|${o.nicotineStrength}|${o.puffCount ?? ""}`;

/**
 * The same combination of choices (as their keys are the same). Compared field by field: an item's page asks it for
 * every variant and every option button, on the server and again in the browser.
 */
export const sameOptions = (a: VariantOptions, b: VariantOptions) =>
  a.flavour === b.flavour &&
  a.nicotineStrength === b.nicotineStrength &&
  (a.puffCount ?? null) === (b.puffCount ?? null);

/** How a variant is named to people: 'Blue Razz Ice, 10 mg, 5000 puffs' (the item's own name comes before it). */
export function optionsLabel(o: VariantOptions): string {
  const parts = [o.flavour, `${o.nicotineStrength} mg`];
  if (o.puffCount !== null) parts.push(`${o.puffCount} puffs`);
  return parts.filter(Boolean).join(", ");
}

/** A variant named for a message or an e-mail: 'Bar 5000 (Blue Razz Ice, 10 mg, 5000 puffs)'. */
export const variantName = (itemName: string, o: VariantOptions) => `${itemName} (${optionsLabel(o)})`;

/** Every combination of a device's listed choices (no flavours: one without; no puff counts: none), in list order. */
export function deviceCombinations(lists: {
  flavours: string[];
  nicotineStrengths: number[];
  puffCounts: number[];
}): VariantOptions[] {
  const flavours = lists.flavours.length > 0 ? lists.flavours : [""];
  const puffs: Array<number | null> = lists.puffCounts.length > 0 ? lists.puffCounts : [null];
  return flavours.flatMap((flavour) =>
    lists.nicotineStrengths.flatMap((nicotineStrength) =>
      puffs.map((puffCount) => ({ flavour, nicotineStrength, puffCount })),
    ),
  );
}

/** A flavour's combinations: one per nicotine strength. */
export const flavourCombinations = (strengths: number[]): VariantOptions[] =>
  strengths.map((nicotineStrength) => ({ flavour: "", nicotineStrength, puffCount: null }));

export const MAX_SKU_LENGTH = 64;
/** A SKU staff type: letters, digits, '-', '_', '.' and '/', as suppliers write them. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/** What the back office says when it refuses a variant's field (the variant grid, the CSV import). */
export const variantMessages = {
  skuRequired: "Enter a SKU",
  skuShape: `A SKU is up to ${MAX_SKU_LENGTH} letters, digits, dots, dashes, underscores and slashes, starting with a letter or digit`,
  skuTaken: (sku: string) => `Another variant already uses the SKU ${sku}: each variant needs its own.`,
  barcodeTaken: (code: string) => `Another variant already has the barcode ${code}.`,
  notListed: (label: string) =>
    `${label} is no longer one of the item's choices: list it on the item's form first, then sell it again.`,
  lastOnSale: "Keep at least one variant on sale: to stop selling the item, archive it instead.",
} as const;

/** The SKU made for a variant staff gave none: the item's slug and its choices ('bar-blue-razz-ice-10mg-5000'). */
export function madeSku(slug: string, o: VariantOptions): string {
  const parts = [slug, slugify(o.flavour), `${o.nicotineStrength}mg`, o.puffCount === null ? "" : String(o.puffCount)];
  const text = parts.filter(Boolean).join("-");
  return text.length <= MAX_SKU_LENGTH ? text : text.slice(0, MAX_SKU_LENGTH).replace(/-+$/, "");
}

/** The stock of an item from its variants: tracked unless one is made to order, the units of all of them. */
export function itemStockOf(variants: Array<{ stock: Stock }>): Stock {
  if (variants.length === 0) return { tracked: true, quantity: 0 };
  if (variants.some((v) => !v.stock.tracked)) return { tracked: false, quantity: 0 };
  return { tracked: true, quantity: variants.reduce((sum, v) => sum + Math.max(0, v.stock.quantity), 0) };
}

/** The variant of these choices, if staff list it. */
export const findVariant = <V extends VariantOptions>(variants: V[], chosen: VariantOptions): V | undefined =>
  variants.find((v) => sameOptions(v, chosen));
