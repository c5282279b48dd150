/**
 * The 'was' price rule (docs/product/decisions.md, "struck-through original price"; CAP Code 22.12 and the CAP/MHRA
 * enforcement notice on e-cigarette pricing, 2022): a struck-through price may be shown only if the item really sold
 * at it for at least 28 days within the last 90. Days are the shop's days (app/lib/shop-time.ts, decision 024): a day
 * counts when the item was at that price from the shop's midnight to the next, and the window is the 90 whole days
 * before today. Client-safe: no imports but the shop clock.
 */
import { addDays, shopDate, shopDayStart } from "~/lib/shop-time";

export const WAS_PRICE_RULE = { days: 28, windowDays: 90 } as const;

/** One line of an item's price history as the back office shows it (who: the staff member's name, when known). */
export type PriceHistoryEntry = { priceCents: number; changedAt: string; changedBy: string | null };

/** One price an item had, from when (ISO instant), in the order they took effect. */
export type PriceChange = { priceCents: number; changedAt: string };

/** The first instant of the window: the shop's midnight 90 days before today. */
export const wasPriceWindowStart = (now: Date) =>
  shopDayStart(addDays(shopDate(now), -WAS_PRICE_RULE.windowDays)).toISOString();

/**
 * Whole shop days within the window on which the item was at `priceCents` all day. `changes` are the item's changes
 * in order, including the last one before the window (the price it entered the window with).
 */
export function daysAtPrice(changes: PriceChange[], priceCents: number, now: Date): number {
  const sorted = [...changes].sort((a, b) => a.changedAt.localeCompare(b.changedAt));
  const nowMs = now.getTime();
  const spans = sorted.map((c, i) => ({
    price: c.priceCents,
    from: Date.parse(c.changedAt),
    until: i + 1 < sorted.length ? Date.parse(sorted[i + 1]!.changedAt) : nowMs,
  }));
  const priceAt = (ms: number) => {
    let price: number | null = null;
    for (const s of spans) if (s.from <= ms) price = s.price;
    return price;
  };
  const today = shopDate(now);
  let days = 0;
  for (let back = WAS_PRICE_RULE.windowDays; back >= 1; back--) {
    const day = addDays(today, -back);
    const start = shopDayStart(day).getTime();
    const end = shopDayStart(addDays(day, 1)).getTime();
    if (end > nowMs) continue;
    // At the price when the day began, and no change to another price before it ended.
    const held =
      priceAt(start) === priceCents && !spans.some((s) => s.from > start && s.from < end && s.price !== priceCents);
    if (held) days++;
  }
  return days;
}

/** True when the history supports showing `wasCents` struck through beside a current price of `priceCents`. */
export function wasPriceHeld(changes: PriceChange[], wasCents: number, priceCents: number, now: Date): boolean {
  return wasCents > priceCents && daysAtPrice(changes, wasCents, now) >= WAS_PRICE_RULE.days;
}

export const wasPriceMessage = `The shop has not sold this item at that price for at least ${WAS_PRICE_RULE.days} days in the last ${WAS_PRICE_RULE.windowDays}, so it cannot be shown as an original price (CAP Code 22.12). Leave it empty.`;
