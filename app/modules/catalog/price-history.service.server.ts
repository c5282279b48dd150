import type { Db } from "~/db/database.server";
import type { ItemKind } from "~/db/values";
import { newId } from "~/lib/ids.server";
import { wasPriceHeld, wasPriceWindowStart, type PriceChange, type PriceHistoryEntry } from "./price-history";
import * as repo from "./price-history.repository.server";

// Each item's price history (when each price took effect and which member of staff set it), and the 'was' price rule
// read against it (./price-history.ts).

/** Records the item's price as of `at` when it differs from the price it had then (a save that keeps it adds nothing). */
export async function recordPrice(
  db: Db,
  item: { kind: ItemKind; id: string },
  priceCents: number,
  by: string | null,
  at: Date = new Date(),
): Promise<void> {
  const when = at.toISOString();
  const before = await repo.findPriceAt(db, item.kind, item.id, when);
  if (before && Number(before.price_cents) === priceCents) return;
  await repo.insertPriceChange(db, {
    id: newId(),
    kind: item.kind,
    item_id: item.id,
    price_cents: priceCents,
    changed_at: when,
    changed_by: by,
  });
}

/** The changes the rule reads: the price the item entered the window with, then every change in it up to `now`. */
export async function priceChangesInWindow(db: Db, kind: ItemKind, itemId: string, now: Date): Promise<PriceChange[]> {
  const from = wasPriceWindowStart(now);
  const first = await repo.findPriceAt(db, kind, itemId, from);
  const rest = await repo.findPriceChangesBetween(db, kind, itemId, from, now.toISOString());
  return [...(first ? [first] : []), ...rest].map((r) => ({
    priceCents: Number(r.price_cents),
    changedAt: r.changed_at,
  }));
}

/** Whether the history supports showing `wasCents` struck through beside the current `priceCents`. */
export async function isWasPriceHeld(
  db: Db,
  item: { kind: ItemKind; id: string },
  wasCents: number,
  priceCents: number,
  now: Date = new Date(),
): Promise<boolean> {
  return wasPriceHeld(await priceChangesInWindow(db, item.kind, item.id, now), wasCents, priceCents, now);
}

/**
 * The struck-through price a shop page may show: none unless the setting allows 'was' prices (SHOW_WAS_PRICES) and
 * the history supports it.
 */
export async function shownWasPrice(
  db: Db,
  showWasPrices: boolean,
  item: { kind: ItemKind; id: string; priceCents: number; originalPriceCents: number | null },
  now: Date = new Date(),
): Promise<number | null> {
  if (!showWasPrices || item.originalPriceCents === null) return null;
  return (await isWasPriceHeld(db, item, item.originalPriceCents, item.priceCents, now))
    ? item.originalPriceCents
    : null;
}

/** The item's latest price changes, newest first, with the name of who set each (back office). */
export async function listPriceHistory(
  db: Db,
  kind: ItemKind,
  itemId: string,
  limit = 10,
): Promise<PriceHistoryEntry[]> {
  const rows = await repo.findRecentPriceChanges(db, kind, itemId, limit);
  return rows.map((r) => ({
    priceCents: Number(r.price_cents),
    changedAt: r.changed_at,
    changedBy: r.changed_by === null ? null : (r.changed_by_name ?? r.changed_by),
  }));
}
