const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (pence, cents) in a currency: 1299 → "£12.99" (GBP, the default), "$12.99" (USD). */
export function formatMoney(cents: number, currency = "GBP"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}
