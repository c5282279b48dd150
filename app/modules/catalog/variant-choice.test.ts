import { describe, expect, it } from "vitest";
import { changedOptions, chooseOption, optionAvailability, startingChoice } from "./variant-choice";
import { findVariant, optionsKey, sameOptions, type VariantOffer, type VariantOptions } from "./variants";

let count = 0;
const offer = (flavour: string, nicotineStrength: number, puffCount: number | null, quantity = 5): VariantOffer => ({
  id: `v${++count}`,
  sku: `sku-${count}`,
  barcode: null,
  flavour,
  nicotineStrength,
  puffCount,
  priceCents: 999,
  stock: { tracked: true, quantity },
});
const options = (flavour: string, nicotineStrength: number, puffCount: number | null): VariantOptions => ({
  flavour,
  nicotineStrength,
  puffCount,
});

// A device listing Blue Razz in 10 and 20 mg (20 mg sold out) and Mango only in 20 mg, each at 5000 puffs, and Mango
// also at 10 mg with 8000 puffs.
const blue10 = offer("Blue Razz", 10, 5000);
const blue20 = offer("Blue Razz", 20, 5000, 0);
const mango20 = offer("Mango", 20, 5000);
const mango10 = offer("Mango", 10, 8000, 0);
const device = [blue10, blue20, mango20, mango10];
const onBlue10 = options("Blue Razz", 10, 5000);

describe("choosing a variant on an item's page", () => {
  it("says what each value gives with the other choices: on sale, out of stock, sold with others, or not sold", () => {
    expect(optionAvailability(device, onBlue10, "nicotineStrength", 10)).toEqual({ state: "onSale", variant: blue10 });
    expect(optionAvailability(device, onBlue10, "nicotineStrength", 20)).toEqual({
      state: "outOfStock",
      variant: blue20,
    });
    // Mango is sold, but not in 10 mg with 5000 puffs; nobody sells 3 mg.
    expect(optionAvailability(device, onBlue10, "flavour", "Mango")).toEqual({ state: "otherChoices" });
    expect(optionAvailability(device, onBlue10, "nicotineStrength", 3)).toEqual({ state: "notSold" });
  });

  it("keeps the other choices when the combination is sold, out of stock or not", () => {
    expect(chooseOption(device, onBlue10, "nicotineStrength", 20)).toEqual(options("Blue Razz", 20, 5000));
  });

  it("moves the other choices to the nearest combination sold: an earlier choice is kept before a later one", () => {
    // Mango at 10 mg keeps the strength (8000 puffs, though sold out) rather than the puffs.
    expect(chooseOption(device, onBlue10, "flavour", "Mango")).toEqual(options("Mango", 10, 8000));
    expect(chooseOption(device, options("Blue Razz", 20, 5000), "flavour", "Mango")).toEqual(
      options("Mango", 20, 5000),
    );
    expect(changedOptions(onBlue10, options("Mango", 10, 8000))).toEqual(["flavour", "puffCount"]);
  });

  it("prefers a combination in stock between two equally near", () => {
    const a = offer("Lime", 10, 6000, 0);
    const b = offer("Lime", 10, 8000, 3);
    expect(chooseOption([blue10, a, b], onBlue10, "flavour", "Lime")).toEqual(options("Lime", 10, 8000));
    // Made to order never runs out.
    const untracked = { ...offer("Lime", 10, 7000, 0), stock: { tracked: false, quantity: 0 } };
    expect(chooseOption([blue10, a, untracked], onBlue10, "flavour", "Lime")).toEqual(options("Lime", 10, 7000));
  });

  it("changes only the value picked when no variant has it (nothing can be added then)", () => {
    expect(chooseOption(device, onBlue10, "nicotineStrength", 3)).toEqual(options("Blue Razz", 3, 5000));
  });

  it("opens on the preferred choices when they are in stock; else on the variant in stock nearest them", () => {
    expect(startingChoice(device, onBlue10)).toEqual(onBlue10);
    // Blue Razz 20 mg is sold out: Blue Razz 10 mg keeps the flavour and the puffs.
    expect(startingChoice(device, options("Blue Razz", 20, 5000))).toEqual(onBlue10);
    // Mango at 10 mg (8000 puffs) is sold out too: Mango 20 mg is the Mango in stock.
    expect(startingChoice(device, options("Mango", 10, 5000))).toEqual(options("Mango", 20, 5000));
    expect(startingChoice([], onBlue10)).toEqual(onBlue10);
  });

  it("opens a flavour on its first size in stock, the first size only when none is", () => {
    const sizes = (first: number, second: number) => [offer("", 10, null, first), offer("", 20, null, second)];
    expect(startingChoice(sizes(5, 5), options("", 10, null))).toEqual(options("", 10, null));
    expect(startingChoice(sizes(0, 5), options("", 10, null))).toEqual(options("", 20, null));
    expect(startingChoice(sizes(0, 0), options("", 10, null))).toEqual(options("", 10, null));
    expect(optionAvailability(sizes(5, 5), options("", 10, null), "nicotineStrength", 20).state).toBe("onSale");
    // Nothing in stock and the preferred choices not sold: the nearest combination sold.
    const soldOut = [offer("Lime", 10, 8000, 0), offer("Lime", 20, 5000, 0)];
    expect(startingChoice(soldOut, options("Lime", 10, 5000))).toEqual(options("Lime", 10, 8000));
  });
});

describe("the same combination of choices", () => {
  it("is the same flavour, strength and puff count, a missing puff count being none, as their keys say", () => {
    const pairs: Array<[VariantOptions, VariantOptions]> = [
      [onBlue10, options("Blue Razz", 10, 5000)],
      [onBlue10, options("Blue Razz", 10, 8000)],
      [onBlue10, options("Blue Razz", 20, 5000)],
      [onBlue10, options("Mango", 10, 5000)],
      [onBlue10, options("Blue Razz", 10, null)],
      [options("", 10, null), options("", 10, null)],
      [options("", 10, null), { flavour: "", nicotineStrength: 10 } as VariantOptions],
      [options("", 10, null), options("", 0, null)],
    ];
    expect(pairs.map(([a, b]) => sameOptions(a, b))).toEqual([true, false, false, false, false, true, true, false]);
    for (const [a, b] of pairs)
      expect(sameOptions(a, b), `${optionsKey(a)} / ${optionsKey(b)}`).toBe(optionsKey(a) === optionsKey(b));
    expect(findVariant(device, options("Mango", 10, 8000))).toBe(mango10);
    expect(findVariant(device, options("Mango", 10, 5000))).toBeUndefined();
  });
});
