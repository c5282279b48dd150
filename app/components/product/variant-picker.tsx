import { useState } from "react";
import { OptionButtons, type OptionNote } from "~/components/product/option-buttons";
import {
  DEFAULT_NICOTINE_STRENGTH,
  DEFAULT_PUFF_COUNT,
  pickDefault,
  stockMessages,
  type Device,
  type Flavour,
  type Stock,
} from "~/modules/catalog/catalog";
import {
  changedOptions,
  chooseOption,
  optionAvailability,
  soldOut,
  startingChoice,
  type OptionAvailability,
  type OptionKey,
} from "~/modules/catalog/variant-choice";
import { findVariant, type VariantOffer, type VariantOptions } from "~/modules/catalog/variants";

/** One row of option buttons: which choice, its heading (the specification's words) and its values as shown. */
export type OptionGroup = {
  key: OptionKey;
  label: string;
  options: Array<string | number>;
  format: (value: string | number) => string;
};

type Sellable = { priceCents: number; stock: Stock; variants: VariantOffer[] };

export const NOT_AVAILABLE = "Not available";

/**
 * The variant a shopper has chosen on an item's page, opening on a variant in stock: the preferred choices (the
 * specification's defaults) when they are, else the nearest (`startingChoice`). `price` and `stock` are the chosen variant's (the item's when there is none); `unavailable` says
 * why it cannot be added ('Out of stock', 'Not available'), null when it can; `changed` names the other choices the
 * last pick had to change to reach a combination the shop sells.
 */
export function useVariantChoice(item: Sellable, preferred: VariantOptions) {
  const [state, setState] = useState(() => ({
    chosen: startingChoice(item.variants, preferred),
    changed: [] as OptionKey[],
  }));
  const choose = (key: OptionKey, value: string | number) =>
    setState(({ chosen }) => {
      const next = chooseOption(item.variants, chosen, key, value);
      return { chosen: next, changed: changedOptions(chosen, next).filter((k) => k !== key) };
    });
  const variant = findVariant(item.variants, state.chosen);
  const unavailable = !variant ? NOT_AVAILABLE : soldOut(variant) ? stockMessages.outOfStockLabel : null;
  return {
    ...state,
    choose,
    variant,
    unavailable,
    priceCents: variant?.priceCents ?? item.priceCents,
    stock: variant?.stock ?? item.stock,
  };
}

/** What a value's button adds after it: nothing when it sells with the other choices. */
function noteOf(answer: OptionAvailability, otherChoices: string): OptionNote | null {
  if (answer.state === "outOfStock") return { text: stockMessages.outOfStockLabel, struck: true };
  if (answer.state === "notSold") return { text: NOT_AVAILABLE, struck: true, disabled: true };
  if (answer.state === "otherChoices") return { text: `${NOT_AVAILABLE} with ${otherChoices}` };
  return null;
}

/** What the chosen values' buttons add: 'Out of stock' when the chosen variant is, else nothing. */
function chosenNote(variants: VariantOffer[], chosen: VariantOptions): OptionNote | null {
  const variant = findVariant(variants, chosen);
  return variant && soldOut(variant) ? { text: stockMessages.outOfStockLabel, struck: true } : null;
}

/**
 * The item's option buttons. Each value not chosen says, in words, when picking it would give a variant out of stock
 * ('20mg · Out of stock': it can still be picked, to ask for an e-mail when it is back) or is sold only with other
 * choices ('Not available with 10mg, 5000 puffs': picking it moves those to the nearest combination sold, and a status
 * line says which changed). A value no variant has cannot be picked. The chosen values say 'Out of stock' too when
 * the chosen variant is.
 */
export function VariantPicker({
  groups,
  variants,
  chosen,
  changed,
  onChoose,
}: {
  groups: OptionGroup[];
  variants: VariantOffer[];
  chosen: VariantOptions;
  changed: OptionKey[];
  onChoose: (key: OptionKey, value: string | number) => void;
}) {
  const shown = (group: OptionGroup) => group.format(chosen[group.key] ?? "");
  const others = (key: OptionKey) =>
    groups
      .filter((g) => g.key !== key)
      .map(shown)
      .join(", ");
  const moved = groups.filter((g) => changed.includes(g.key));
  return (
    <>
      {groups.map((group) => (
        <OptionButtons
          key={group.key}
          label={group.label}
          options={group.options}
          value={chosen[group.key] ?? undefined}
          onChange={(value) => onChoose(group.key, value)}
          format={group.format}
          note={(value) =>
            // A chosen value says only that the chosen variant is out of stock (on the option itself, as an unchosen
            // one does: docs/product/decisions.md, "Decided here": detail page defaults); sold and in stock, nothing.
            value === chosen[group.key]
              ? chosenNote(variants, chosen)
              : noteOf(optionAvailability(variants, chosen, group.key, value), others(group.key))
          }
        />
      ))}
      <p role="status" className="mt-2 text-sm text-slate-700">
        {moved.length > 0 &&
          `Changed to a combination we sell: ${moved.map((g) => `${g.label} ${shown(g)}`).join(", ")}.`}
      </p>
    </>
  );
}

const milligrams = (mg: string | number) => `${mg}mg`;

/**
 * A device's option rows (Flavour and Puff Count only when it lists some) and the choices its page prefers: the
 * first flavour, 10 mg and 5000 puffs when offered, else the first of each (docs/product/specification.md §4 and §9);
 * it opens on them when that variant is in stock.
 */
export function deviceOptions(device: Pick<Device, "flavours" | "nicotineStrengths" | "puffCounts">) {
  const groups: OptionGroup[] = [
    { key: "flavour", label: "Flavour", options: device.flavours, format: String },
    { key: "nicotineStrength", label: "Nicotine Strength", options: device.nicotineStrengths, format: milligrams },
    { key: "puffCount", label: "Puff Count", options: device.puffCounts, format: (n) => `${n} puffs` },
  ];
  const preferred: VariantOptions = {
    flavour: device.flavours[0] ?? "",
    nicotineStrength: pickDefault(device.nicotineStrengths, DEFAULT_NICOTINE_STRENGTH) ?? 0,
    puffCount: pickDefault(device.puffCounts, DEFAULT_PUFF_COUNT) ?? null,
  };
  return { groups: groups.filter((g) => g.options.length > 0), preferred };
}

/** A flavour's Size row (its nicotine strengths) and the size it prefers to open on: the first. */
export function flavourOptions(flavour: Pick<Flavour, "sizes">) {
  const groups: OptionGroup[] = [
    { key: "nicotineStrength", label: "Size", options: flavour.sizes, format: milligrams },
  ];
  const preferred: VariantOptions = { flavour: "", nicotineStrength: flavour.sizes[0] ?? 0, puffCount: null };
  return { groups: groups.filter((g) => g.options.length > 0), preferred };
}
