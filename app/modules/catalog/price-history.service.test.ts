import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { shopDayStart } from "~/lib/shop-time";
import { wasPriceHeld, daysAtPrice, WAS_PRICE_RULE } from "./price-history";
import {
  isWasPriceHeld,
  listPriceHistory,
  priceChangesInWindow,
  recordPrice,
  shownWasPrice,
} from "./price-history.service.server";

// The 'was' price rule (CAP Code 22.12): an original price may be shown only if the item sold at it for at least 28
// whole shop days within the 90 before today, on the shop's clock (Europe/London, decision 024).

const midnight = (date: string) => shopDayStart(date);
const at = (date: string, hours: number) => new Date(shopDayStart(date).getTime() + hours * 3_600_000);
let n = 0;
const item = () => ({ kind: "device" as const, id: `price-test-${++n}` });

describeEachDatabase("the price history and the 'was' price rule", (testDb) => {
  const history = async (changes: Array<[Date, number]>) => {
    const { db } = testDb();
    const one = item();
    for (const [when, cents] of changes) await recordPrice(db, one, cents, "staff-sam", when);
    return one;
  };
  const now = at("2026-06-30", 12); // the window is 1 April to 29 June 2026

  it("holds at 28 whole days at the price and not at 27", async () => {
    const { db } = testDb();
    const twentyEight = await history([
      [midnight("2026-05-01"), 2999],
      [midnight("2026-05-29"), 2499],
    ]);
    const twentySeven = await history([
      [midnight("2026-05-01"), 2999],
      [midnight("2026-05-28"), 2499],
    ]);
    expect(await isWasPriceHeld(db, twentyEight, 2999, 2499, now)).toBe(true);
    expect(await isWasPriceHeld(db, twentySeven, 2999, 2499, now)).toBe(false);
    expect(daysAtPrice(await priceChangesInWindow(db, "device", twentyEight.id, now), 2999, now)).toBe(28);
    expect(daysAtPrice(await priceChangesInWindow(db, "device", twentySeven.id, now), 2999, now)).toBe(27);
  });

  it("counts whole shop days only: 28 × 24 hours from mid-morning is 27 whole days", async () => {
    const { db } = testDb();
    const partial = await history([
      [at("2026-05-01", 10), 2999],
      [at("2026-05-29", 10), 2499],
    ]);
    expect(await isWasPriceHeld(db, partial, 2999, 2499, now)).toBe(false);
    // A day on which the price was changed away and back does not count either.
    const interrupted = await history([
      [midnight("2026-05-01"), 2999],
      [at("2026-05-10", 9), 2799],
      [at("2026-05-10", 17), 2999],
      [midnight("2026-05-29"), 2499],
    ]);
    expect(daysAtPrice(await priceChangesInWindow(db, "device", interrupted.id, now), 2999, now)).toBe(27);
  });

  it("reads only the last 90 days: a price held long before the window does not count, one reaching into it partly", async () => {
    const { db } = testDb();
    const before = await history([
      [midnight("2026-01-01"), 2999],
      [midnight("2026-03-15"), 2499],
    ]);
    expect(await isWasPriceHeld(db, before, 2999, 2499, now)).toBe(false);
    // From 1 March: 28 days inside the window (1 to 28 April) when it changes on 29 April, 27 when on 28 April.
    const into = await history([
      [midnight("2026-03-01"), 2999],
      [midnight("2026-04-29"), 2499],
    ]);
    const shortInto = await history([
      [midnight("2026-03-01"), 2999],
      [midnight("2026-04-28"), 2499],
    ]);
    expect(await isWasPriceHeld(db, into, 2999, 2499, now)).toBe(true);
    expect(await isWasPriceHeld(db, shortInto, 2999, 2499, now)).toBe(false);
    // The same history read 1 day later: 1 April has left the window.
    expect(await isWasPriceHeld(db, into, 2999, 2499, at("2026-07-01", 12))).toBe(false);
    // Today, not yet a whole day, does not count.
    const today = await history([
      [midnight("2026-06-03"), 2999],
      [midnight("2026-06-30"), 2999],
    ]);
    expect(daysAtPrice(await priceChangesInWindow(db, "device", today.id, now), 2999, now)).toBe(27);
  });

  it("counts shop days across the clock change: 28 days over 25 October 2026 are 673 hours", async () => {
    const { db } = testDb();
    const autumn = await history([
      [midnight("2026-10-10"), 2999],
      [midnight("2026-11-07"), 2499],
    ]);
    const later = at("2026-11-20", 12);
    expect(midnight("2026-11-07").getTime() - midnight("2026-10-10").getTime()).toBe(673 * 3_600_000);
    expect(await isWasPriceHeld(db, autumn, 2999, 2499, later)).toBe(true);
    const short = await history([
      [midnight("2026-10-10"), 2999],
      [midnight("2026-11-06"), 2499],
    ]);
    expect(await isWasPriceHeld(db, short, 2999, 2499, later)).toBe(false);
  });

  it("never holds a 'was' price that is not above the current one, or that the item never had", async () => {
    const { db } = testDb();
    const one = await history([
      [midnight("2026-04-01"), 2999],
      [midnight("2026-06-01"), 2499],
    ]);
    expect(await isWasPriceHeld(db, one, 2999, 2999, now)).toBe(false);
    expect(await isWasPriceHeld(db, one, 3499, 2499, now)).toBe(false);
    expect(await isWasPriceHeld(db, item(), 2999, 2499, now)).toBe(false); // no history at all
  });

  it("records a change only when the price changes, with when and who", async () => {
    const { db } = testDb();
    const one = item();
    await recordPrice(db, one, 1999, "staff-sam", midnight("2026-05-01"));
    await recordPrice(db, one, 1999, "staff-kim", midnight("2026-05-02"));
    await recordPrice(db, one, 1799, "staff-kim", at("2026-05-03", 9));
    const rows = await listPriceHistory(db, one.kind, one.id);
    expect(rows.map((r) => [r.priceCents, r.changedAt, r.changedBy])).toEqual([
      [1799, at("2026-05-03", 9).toISOString(), "staff-kim"],
      [1999, midnight("2026-05-01").toISOString(), "staff-sam"],
    ]);
  });

  it("shows a 'was' price only when the setting allows it and the history supports it", async () => {
    const { db } = testDb();
    const held = await history([
      [midnight("2026-04-01"), 2999],
      [midnight("2026-06-01"), 2499],
    ]);
    const shown = { ...held, priceCents: 2499, originalPriceCents: 2999 };
    expect(await shownWasPrice(db, false, shown, now)).toBeNull();
    expect(await shownWasPrice(db, true, shown, now)).toBe(2999);
    expect(await shownWasPrice(db, true, { ...shown, originalPriceCents: 3999 }, now)).toBeNull();
    expect(await shownWasPrice(db, true, { ...shown, originalPriceCents: null }, now)).toBeNull();
  });
});

it("the rule's figures are CAP's: 28 days in 90", () => {
  expect(WAS_PRICE_RULE).toEqual({ days: 28, windowDays: 90 });
  expect(wasPriceHeld([], 2999, 2499, new Date())).toBe(false);
});
