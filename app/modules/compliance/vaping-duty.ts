/**
 * Vaping Products Duty (client-safe, no I/O): the liquid in one unit of a variant and the duty it carries. The shop does
 * not pay the duty (the producer or importer does) but keeps the record a UK retailer needs (docs/guide/uk-rules.md).
 *
 * Sources: Finance Act 2026 (c. 11), Part 4 "Vaping products duty", s. 115(2): "charged at a rate of £2.20 per 10
 * millilitres, rounded down to the nearest penny" (legislation.gov.uk/ukpga/2026/11/part/4); GOV.UK "Vaping Products
 * Duty" and HMRC's Vaping Duty Stamps scheme: the duty from 1 October 2026, and from 1 April 2027 every vaping product
 * outside duty suspension must carry a duty stamp (unstamped stock made or imported before 1 October 2026 may be sold
 * until then). See also /work/shared/spec/DECISIONS.md, "Age-restricted goods (UK)".
 *
 * Volumes are whole tenths of a millilitre (2 ml = 20, 0.7 ml = 7), so the duty is worked out in integers.
 */
import { fail } from "~/lib/result";
import type { Parsed } from "~/lib/parsed-field";

// The dates (the duty's first day, the unstamped stock's cut-off) are the stamps' rule: ./duty-stamps.ts.

/** The rate: £2.20 (220 pence) per 10 ml, that is 22p per ml (Finance Act 2026, s. 115(2)). */
export const VAPING_DUTY_PENCE_PER_10_ML = 220;

/** The most liquid one unit (a pack, a bottle) may be said to hold, in tenths: 100 ml. */
export const MAX_LIQUID_TENTHS = 1000;

/** The duty carried by a unit holding this much liquid, in pence, rounded down: 20 (2 ml) → 44, 100 → 220, 7 → 15. */
export function vapingDutyCents(liquidTenths: number): number {
  if (!Number.isInteger(liquidTenths) || liquidTenths <= 0) return 0;
  // 220p per 100 tenths is 2.2p per tenth: × 22 / 10, floored (integers only, never a floating-point 2.2).
  return Math.floor((liquidTenths * (VAPING_DUTY_PENCE_PER_10_ML / 10)) / 10);
}

/**
 * The liquid a flavour's new variant starts with: one unit is one refill bottle, else one pod (its size from the
 * flavour's form, in ml); null when neither is given. Staff correct it on the variant grid for a multipack.
 */
export function unitLiquidTenths(sizes: { podMl: number | null; bottleMl: number | null }): number | null {
  const ml = sizes.bottleMl ?? sizes.podMl;
  return ml === null || !(ml > 0) ? null : Math.round(ml * 10);
}

/** 20 → "2 ml", 15 → "1.5 ml". */
export function formatLiquid(tenths: number): string {
  const whole = Math.floor(tenths / 10);
  const tenth = tenths % 10;
  return `${tenth === 0 ? whole : `${whole}.${tenth}`} ml`;
}

/** Tenths as staff type them, without the unit: 20 → "2", 15 → "1.5"; null → "". */
export const liquidText = (tenths: number | null): string => (tenths === null ? "" : formatLiquid(tenths).slice(0, -3));

export const liquidMessages = {
  label: "Liquid (ml)",
  shape: "Enter the liquid in one unit in ml, such as 2 or 1.5",
  decimals: "Enter the liquid with at most one decimal place, such as 1.5",
  negative: "The liquid in one unit cannot be negative",
  zero: "The liquid in one unit must be more than 0 ml (leave it empty if you do not know it)",
  tooMuch: `One unit may hold at most ${MAX_LIQUID_TENTHS / 10} ml: enter the liquid in one unit, not a case`,
  required: "Enter the liquid in one unit (ml) of each variant before publishing: the duty record needs it",
} as const;

/**
 * The liquid staff type for one unit ("2", "2 ml", "2ml", "1.5") as tenths of a millilitre; empty is unknown (null).
 * More than 0, at most one decimal place, at most 100 ml.
 */
export function parseLiquid(raw: string): Parsed<number | null> {
  const text = raw.trim().replace(/\s*ml$/i, "");
  if (!text) return raw.trim() ? fail("invalid", liquidMessages.shape) : { ok: true, value: null };
  if (/^-\s*[\d.]/.test(text)) return fail("invalid", liquidMessages.negative);
  if (/^\d*\.\d{2,}$/.test(text)) return fail("invalid", liquidMessages.decimals);
  const match = /^(\d{1,6})(?:\.(\d))?$/.exec(text) ?? /^()\.(\d)$/.exec(text);
  if (!match) return fail("invalid", liquidMessages.shape);
  const tenths = Number(match[1] || "0") * 10 + Number(match[2] ?? "0");
  if (tenths === 0) return fail("invalid", liquidMessages.zero);
  if (tenths > MAX_LIQUID_TENTHS) return fail("invalid", liquidMessages.tooMuch);
  return { ok: true, value: tenths };
}
