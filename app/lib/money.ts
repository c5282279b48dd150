const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer minor units (cents) in the shop currency: 1299 → "$12.99". */
export function formatMoney(cents: number, currency = "USD"): string {
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
