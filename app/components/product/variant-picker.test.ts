import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { VariantOffer, VariantOptions } from "~/modules/catalog/variants";
import { deviceOptions, flavourOptions, VariantPicker } from "./variant-picker";

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

const device = { flavours: ["Blue Razz", "Mango"], nicotineStrengths: [0, 10, 20], puffCounts: [5000] };
// Blue Razz at 20 mg is sold out; Mango comes only in 20 mg; nobody sells 0 mg.
const variants = [offer("Blue Razz", 10, 5000), offer("Blue Razz", 20, 5000, 0), offer("Mango", 20, 5000)];

/** Each button's text, whether it is pressed, and whether it can be pressed, as the page renders them. */
function buttons(chosen: VariantOptions, changed: Array<"flavour" | "nicotineStrength" | "puffCount"> = []) {
  const html = renderToStaticMarkup(
    createElement(VariantPicker, {
      groups: deviceOptions(device).groups,
      variants,
      chosen,
      changed,
      onChoose: () => {},
    }),
  );
  const found = [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attributes, inner]) => ({
    text: inner!.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, ""),
    pressed: attributes!.includes('aria-pressed="true"'),
    disabled: / disabled=""/.test(attributes!),
  }));
  return { found, html };
}

describe("the option buttons of an item's page", () => {
  it("say which values are out of stock, sold only with other choices, or not sold; the chosen ones say nothing while in stock", () => {
    const { found } = buttons({ flavour: "Blue Razz", nicotineStrength: 10, puffCount: 5000 });
    expect(found).toEqual([
      { text: "Blue Razz", pressed: true, disabled: false },
      { text: "Mango · Not available with 10mg, 5000 puffs", pressed: false, disabled: false },
      { text: "0mg · Not available", pressed: false, disabled: true },
      { text: "10mg", pressed: true, disabled: false },
      { text: "20mg · Out of stock", pressed: false, disabled: false },
      { text: "5000 puffs", pressed: true, disabled: false },
    ]);
  });

  it("mark the chosen values too when the chosen variant is out of stock", () => {
    const { found } = buttons({ flavour: "Blue Razz", nicotineStrength: 20, puffCount: 5000 });
    expect(found.filter((b) => b.pressed)).toEqual([
      { text: "Blue Razz · Out of stock", pressed: true, disabled: false },
      { text: "20mg · Out of stock", pressed: true, disabled: false },
      { text: "5000 puffs · Out of stock", pressed: true, disabled: false },
    ]);
    expect(found).toContainEqual({ text: "10mg", pressed: false, disabled: false });
  });

  it("say which other choices a pick changed, in a status line", () => {
    const { html } = buttons({ flavour: "Mango", nicotineStrength: 20, puffCount: 5000 }, ["nicotineStrength"]);
    expect(html).toContain(
      '<p role="status" class="mt-2 text-sm text-slate-700">Changed to a combination we sell: Nicotine Strength 20mg.</p>',
    );
    expect(buttons({ flavour: "Blue Razz", nicotineStrength: 10, puffCount: 5000 }).html).toContain(
      '<p role="status" class="mt-2 text-sm text-slate-700"></p>',
    );
  });

  it("open on the specification's defaults: the first flavour, 10 mg and 5000 puffs when offered, else the first", () => {
    expect(deviceOptions(device).preferred).toEqual({ flavour: "Blue Razz", nicotineStrength: 10, puffCount: 5000 });
    const groups = deviceOptions({ flavours: [], nicotineStrengths: [3, 6], puffCounts: [] });
    expect(groups.preferred).toEqual({ flavour: "", nicotineStrength: 3, puffCount: null });
    expect(groups.groups.map((g) => g.label)).toEqual(["Nicotine Strength"]);
    expect(flavourOptions({ sizes: [20, 10] })).toMatchObject({
      groups: [{ label: "Size" }],
      preferred: { flavour: "", nicotineStrength: 20, puffCount: null },
    });
  });
});
