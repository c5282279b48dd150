// Money in integer minor units: shown in a currency, and read from what staff type.
import { fail } from "./result";
import type { Parsed } from "./parsed-field";

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

export const MAX_PRICE_CENTS = 1_000_000; // 10000.00 in the shop currency: anything above is a typing slip

/** 1299 → "12.99" (the back office shows prices the way staff type them). */
export const centsToText = (cents: number | null) =>
  cents === null ? "" : `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A price typed in the shop currency ("12.99", "12.9", "12") as integer cents; never through floating point. */
export function parseMoney(raw: string, label: string, optional = false): Parsed<number | null> {
  const text = raw.trim();
  if (!text) return optional ? { ok: true, value: null } : fail("invalid", `${label} is required`);
  if (/^-\s*\d/.test(text)) return fail("invalid", `${label} cannot be negative`);
  if (/^\d+\.\d{3,}$/.test(text)) return fail("invalid", `${label} can have at most 2 decimal places`);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail("invalid", `Enter ${label.toLowerCase()} as a number such as 12.99`);
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (cents === 0) return fail("invalid", `${label} must be more than 0`);
  if (cents > MAX_PRICE_CENTS) return fail("invalid", `${label} must be ${centsToText(MAX_PRICE_CENTS)} or less`);
  return { ok: true, value: cents };
}
