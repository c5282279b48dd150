/**
 * The one place totals are computed (docs/product/decisions.md, "Decided here": tax): cart page, payment page, saved
 * order and WhatsApp text agree.
 */
export type PricedLine = { unitPriceCents: number; quantity: number };
export type Totals = { subtotalCents: number; taxCents: number; shippingCents: number; totalCents: number };

export const lineTotal = (line: PricedLine) => line.unitPriceCents * line.quantity;

/** Tax is the configured percentage of the subtotal, rounded to the nearest cent. */
export function totals(lines: PricedLine[], taxRatePercent: number, shippingCents = 0): Totals {
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const taxCents = Math.round((subtotalCents * taxRatePercent) / 100);
  return { subtotalCents, taxCents, shippingCents, totalCents: subtotalCents + taxCents + shippingCents };
}
