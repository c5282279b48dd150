/**
 * Choosing a variant on an item's page (issue 30): each option button says what picking it would give with the
 * shopper's other choices as they stand, and a pick always lands on a combination staff list, so nothing the shop does
 * not sell can be chosen or added. Client-safe: plain values and rules, no I/O.
 */
import { availableUnits } from "./catalog";
import { findVariant, type Stock, type VariantOffer, type VariantOptions } from "./variants";

export type OptionKey = keyof VariantOptions;
/** The choices in their order on a device's page: when others must change, an earlier one is kept first. */
export const OPTION_KEYS: readonly OptionKey[] = ["flavour", "nicotineStrength", "puffCount"];

/**
 * What picking one value gives with the other choices as they are: that variant, on sale or out of stock; or
 * `otherChoices` (sold, but not with them: picking it changes them); or `notSold` (no variant has the value).
 */
export type OptionAvailability =
  { state: "onSale" | "outOfStock"; variant: VariantOffer } | { state: "otherChoices" } | { state: "notSold" };

/** None left to sell (a variant made to order never runs out). */
export const soldOut = (offer: { stock: Stock }) => availableUnits(offer.stock) === 0;

const withValue = (chosen: VariantOptions, key: OptionKey, value: string | number): VariantOptions => ({
  ...chosen,
  [key]: value,
});

const optionsOf = (v: VariantOptions): VariantOptions => ({
  flavour: v.flavour,
  nicotineStrength: v.nicotineStrength,
  puffCount: v.puffCount,
});

export function optionAvailability(
  variants: VariantOffer[],
  chosen: VariantOptions,
  key: OptionKey,
  value: string | number,
): OptionAvailability {
  const variant = findVariant(variants, withValue(chosen, key, value));
  if (variant) return { state: soldOut(variant) ? "outOfStock" : "onSale", variant };
  return variants.some((v) => v[key] === value) ? { state: "otherChoices" } : { state: "notSold" };
}

/** How near a variant is to the choices: each choice it keeps outweighs all later ones together; in stock breaks ties. */
function nearness(variant: VariantOffer, chosen: VariantOptions): number {
  let score = soldOut(variant) ? 0 : 1;
  OPTION_KEYS.forEach((key, i) => {
    if (variant[key] === chosen[key]) score += 2 ** (OPTION_KEYS.length - i);
  });
  return score;
}

/** The variant nearest the choices (the first of equals, in the shop's order), if any. */
function nearest(candidates: VariantOffer[], chosen: VariantOptions): VariantOffer | undefined {
  let best: VariantOffer | undefined;
  for (const v of candidates) if (!best || nearness(v, chosen) > nearness(best, chosen)) best = v;
  return best;
}

/**
 * The choices after picking `value` for `key`: the others as they are when that combination is sold, otherwise those
 * of the nearest variant that has the value. A value no variant has changes only itself (then nothing can be added).
 */
export function chooseOption(
  variants: VariantOffer[],
  chosen: VariantOptions,
  key: OptionKey,
  value: string | number,
): VariantOptions {
  const wanted = withValue(chosen, key, value);
  if (findVariant(variants, wanted)) return wanted;
  const best = nearest(
    variants.filter((v) => v[key] === value),
    chosen,
  );
  return best ? optionsOf(best) : wanted;
}

/**
 * Where a page opens (docs/product/decisions.md, "Decided here": detail page defaults): on a variant in stock, the
 * preferred choices (the specification's defaults) when they are, else the variant in stock nearest them (the first
 * of equals, in the shop's order). Only when nothing is in stock: the preferred choices when sold, else the nearest.
 */
export function startingChoice(variants: VariantOffer[], preferred: VariantOptions): VariantOptions {
  const wanted = findVariant(variants, preferred);
  if (wanted && !soldOut(wanted)) return preferred;
  const best =
    nearest(
      variants.filter((v) => !soldOut(v)),
      preferred,
    ) ?? (wanted ? undefined : nearest(variants, preferred));
  return best ? optionsOf(best) : preferred;
}

/** The choices that differ between two sets (what a pick changed). */
export const changedOptions = (before: VariantOptions, after: VariantOptions): OptionKey[] =>
  OPTION_KEYS.filter((key) => before[key] !== after[key]);
