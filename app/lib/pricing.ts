/**
 * The one place totals are computed (docs/product/decisions.md, "Decided here": tax): cart page, payment page, saved
 * order and WhatsApp text agree.
 */
export type PricedLine = { unitPriceCents: number; quantity: number };
/**
 * How tax is counted: added on top of the prices at the rate (the specification's default), or contained in them
 * (TAX_MODE=included, UK VAT-inclusive prices: the total is the prices plus shipping, and the tax is the VAT inside it).
 */
export type TaxRule = { ratePercent: number; included: boolean };
export const taxAdded = (ratePercent: number): TaxRule => ({ ratePercent, included: false });
export const taxIncluded = (ratePercent: number): TaxRule => ({ ratePercent, included: true });

/** taxIncluded: taxCents is the VAT contained in the total (not added to it). */
export type Totals = {
  subtotalCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  taxIncluded: boolean;
};

/** What a tax line is called: the specification's 'Tax' (the cart's 'Estimated Tax'), or the VAT a total includes. */
export const taxLabel = (included: boolean, estimate = false) =>
  included ? "Includes VAT" : estimate ? "Estimated Tax" : "Tax";

export const lineTotal = (line: PricedLine) => line.unitPriceCents * line.quantity;

/**
 * Added: tax is the rate's percentage of the subtotal, rounded to the nearest cent, and the total adds it. Included:
 * the total is the subtotal plus shipping (UK delivery charges carry the goods' VAT), and the VAT it contains is
 * total × rate / (100 + rate), rounded to the nearest cent.
 */
export function totals(lines: PricedLine[], tax: TaxRule, shippingCents = 0): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  if (tax.included) {
    const totalCents = subtotalCents + shippingCents;
    const taxCents = Math.round((totalCents * tax.ratePercent) / (100 + tax.ratePercent));
    return { subtotalCents, taxCents, shippingCents, totalCents, taxIncluded: true };
  }
  const taxCents = Math.round((subtotalCents * tax.ratePercent) / 100);
  return {
    subtotalCents,
    taxCents,
    shippingCents,
    totalCents: subtotalCents + taxCents + shippingCents,
    taxIncluded: false,
  };
}
