import { bumpStorefrontVersion } from "~/db/content-version.server";
import { fail, failFields, type Result } from "~/lib/result";
import type { Db } from "~/db/database.server";
import { inTransaction } from "~/db/transaction.server";
import { newId } from "~/lib/ids.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { check } from "~/lib/form-check";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { stockMessages } from "~/modules/catalog/catalog";
import { catalogIdSchema, variantIdSchema } from "~/modules/catalog/catalog.schema";
import { optionsLabel } from "~/modules/catalog/variants";
import {
  addUnitsByKind,
  changeUnits,
  quarantineUnstamped,
  removeQuarantined,
  setUnitsIf,
  takeUnits,
  variantsWithUnstamped,
} from "~/modules/catalog/variant-stock.service.server";
import { unstampedSellable } from "~/modules/compliance/duty-stamps";
import * as repo from "./stock.repository.server";
import { notifyBackInStock } from "./back-in-stock.service.server";
import { stockAdminMessages, stockReasons, type StockKind, type StockReason } from "./stock";
import { adjustmentInput } from "./stock.schema";

/** A variant's units in an order; `name` is how the shopper knows it ('Bar 5000 (Blue Razz Ice, 20 mg)'). */
export type StockLine = { kind: StockKind; itemId: string; variantId: string; name: string; quantity: number };
type Actor = { id: string | null; name: string };

/** One line per variant, in a fixed order against deadlocks. */
function unitsPerVariant(lines: StockLine[]) {
  const items = new Map<string, StockLine>();
  for (const line of lines) {
    const key = line.variantId;
    const seen = items.get(key);
    items.set(key, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...items.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, line]) => line);
}

/**
 * Takes the stock of an order inside its transaction: one conditional update per variant, never below zero. Not enough
 * of one variant is an "out-of-stock" failure naming it and how many are left ('Only 2 left of Blue Razz Ice'): the
 * caller's transaction (inTransaction) rolls back what was taken before it. A success says whether any item is now at
 * or under the low threshold (the shop shows 'Only N left' from it: cached pages go). The units are always taken
 * here; `deferMovements` hands the history rows back for the caller's one statement.
 */
export async function takeStockForOrder(
  trx: Db,
  orderId: string,
  customer: Actor,
  lines: StockLine[],
  lowThreshold: number,
  stamp: string,
  options: { deferMovements?: boolean } = {},
): Promise<Result<{ lowNow: boolean; movements: Array<ReturnType<typeof movement>> }>> {
  const movements = [];
  let lowNow = false;
  // Unstamped units go first while they may be sold, and never from 1 April 2027 (docs/decisions/079).
  const unstampedOk = unstampedSellable(stamp);
  for (const line of unitsPerVariant(lines)) {
    const taken = await takeUnits(trx, line.variantId, line.quantity, unstampedOk);
    if (taken === undefined) {
      const item = await repo.findStock(trx, line.variantId);
      if (item && !item.track_stock) continue; // made to order: never runs out
      const unsellable = unstampedOk ? 0 : Number(item?.unstamped_units ?? 0);
      const left = Math.max(0, Number(item?.stock_quantity ?? 0) - unsellable);
      return fail(
        "out-of-stock",
        left === 0 ? stockMessages.outOfStock(line.name) : stockMessages.onlyLeft(left, line.name),
      );
    }
    const after = taken.after;
    if (after <= lowThreshold) lowNow = true;
    movements.push(
      movement(line, -line.quantity, after, "order", customer, stamp, { orderId, unstamped: -taken.unstampedTaken }),
    );
  }
  // The history rows: written here, or (deferMovements) handed back for the caller's own insert in the transaction.
  if (!options.deferMovements) await repo.insertMovements(trx, movements);
  return { ok: true, lowNow, movements: options.deferMovements ? movements : [] };
}

/** A cancelled order's stock goes back, once (the caller's status change can happen only once), recorded. */
export async function returnStockForOrder(trx: Db, orderId: string, actor: Actor, stamp: string): Promise<StockLine[]> {
  const lines = (await repo.findOrderLines(trx, orderId)).flatMap((l) =>
    // A line placed before variants began and no longer matching any has no stock to go back to.
    l.variant_id === null
      ? []
      : [{ kind: l.kind, itemId: l.item_id, variantId: l.variant_id, name: l.name, quantity: Number(l.quantity) }],
  );
  const movements = [];
  const restocked: StockLine[] = [];
  // The unstamped units the order took go back as unstamped while they may be sold, else held back from sale.
  const unstampedTaken = await repo.unstampedTakenByOrder(trx, orderId);
  const unstampedOk = unstampedSellable(stamp);
  for (const line of unitsPerVariant(lines)) {
    const unstamped = Math.min(line.quantity, unstampedTaken.get(line.variantId) ?? 0);
    const after = await addUnitsByKind(trx, line.variantId, {
      stamped: line.quantity - unstamped,
      unstamped: unstampedOk ? unstamped : 0,
      quarantined: unstampedOk ? 0 : unstamped,
    });
    if (after === undefined) continue; // untracked, or no longer in the catalogue
    const back = unstampedOk ? line.quantity : line.quantity - unstamped;
    movements.push(
      movement(line, back, after, "cancelled", actor, stamp, { orderId, unstamped: unstampedOk ? unstamped : 0 }),
    );
    if (back > 0 && after === back) {
      restocked.push(line); // it was out of stock until now
      await notifyBackInStock(trx, line.variantId);
    }
  }
  await repo.insertMovements(trx, movements);
  if (movements.length > 0) await bumpStorefrontVersion(trx);
  return restocked;
}

/**
 * Units of an order a customer sent back and staff accepted back into stock (docs/decisions/083), in the caller's
 * transaction: added to each variant with a 'returned' movement naming the order. Unstamped units the order took go
 * back unstamped while they may be sold (less any returned before), else held back from sale, as for a cancellation.
 * A variant no longer in the catalogue, or not tracked, is skipped. Returns the units put back.
 */
export async function restockReturnedUnits(
  trx: Db,
  orderId: string,
  lines: StockLine[],
  actor: Actor,
  stamp: string,
): Promise<number> {
  const taken = await repo.unstampedTakenByOrder(trx, orderId);
  const back = await repo.unstampedReturnedToOrder(trx, orderId);
  const unstampedOk = unstampedSellable(stamp);
  const movements = [];
  let units = 0;
  for (const line of unitsPerVariant(lines)) {
    const left = Math.max(0, (taken.get(line.variantId) ?? 0) - (back.get(line.variantId) ?? 0));
    const unstamped = Math.min(line.quantity, left);
    const after = await addUnitsByKind(trx, line.variantId, {
      stamped: line.quantity - unstamped,
      unstamped: unstampedOk ? unstamped : 0,
      quarantined: unstampedOk ? 0 : unstamped,
    });
    if (after === undefined) continue;
    const sellable = unstampedOk ? line.quantity : line.quantity - unstamped;
    movements.push(
      movement(line, sellable, after, "returned", actor, stamp, {
        orderId,
        unstamped: unstampedOk ? unstamped : 0,
        note: unstampedOk || unstamped === 0 ? "" : `${unstamped} unstamped: held back from sale`,
      }),
    );
    units += line.quantity;
    if (sellable > 0 && after === sellable) await notifyBackInStock(trx, line.variantId);
  }
  await repo.insertMovements(trx, movements);
  if (movements.length > 0) await bumpStorefrontVersion(trx);
  return units;
}

export type AdjustResult = Result<{ quantity: number; backInStock: boolean }>;
const notFound = fail("not-found", "There is no such item.");

/**
 * Staff's quick adjustment of one variant of an item (received, damaged, correction, with a note), recorded with who
 * and when. The variant must be the item's.
 */
export async function adjustStock(
  db: Db,
  actor: SessionUser | null,
  of: { kind: StockKind; itemId: string; variantId: string },
  values: Record<string, string>,
): Promise<AdjustResult> {
  assertAllowed(actor, "stock.edit");
  if (!catalogIdSchema.safeParse(of.itemId).success || !variantIdSchema.safeParse(of.variantId).success)
    return notFound;
  const checked = check(adjustmentInput, values);
  if (!checked.ok) return checked;
  const { reason, change, note } = checked.data;
  return inTransaction(db, async (trx): Promise<AdjustResult> => {
    const item = await repo.findStock(trx, of.variantId);
    if (!item || item.kind !== of.kind || item.item_id !== of.itemId) return notFound;
    if (!item.track_stock) return failFields({ change: stockAdminMessages.untracked });
    const after = await changeUnits(trx, of.variantId, change);
    if (after === undefined) return failFields({ change: stockAdminMessages.belowZero(Number(item.stock_quantity)) });
    const by = { id: actor.id, name: actor.name };
    await repo.insertMovements(trx, [movement(of, change, after, reason, by, new Date().toISOString(), { note })]);
    await recordAudit(trx, auditActorOf(actor), {
      action: "stock.adjust",
      entity: "variant",
      entityId: of.variantId,
      details: { sku: item.sku ?? null, change, reason, quantity: [after - change, after] },
    });
    await bumpStorefrontVersion(trx);
    const backInStock = after - change === 0 && after > 0;
    if (backInStock) await notifyBackInStock(trx, of.variantId);
    return { ok: true, quantity: after, backInStock };
  });
}

/**
 * A variant's quantity typed in the back office's variant grid (or the one shown, confirmed as counted), saved inside
 * the grid's transaction only if the stock is still what the editor saw (orders may have taken some meanwhile):
 * otherwise the caller shows the message and saves nothing. Either way the variant is no longer 'to check'.
 */
export async function setStockFromForm(
  trx: Db,
  actor: SessionUser,
  of: VariantRef,
  seen: number,
  typed: number,
  note = "",
): Promise<Result<{ backInStock: boolean }>> {
  const after = await setUnitsIf(trx, of.variantId, seen, typed);
  if (after === undefined) {
    const now = await repo.findStock(trx, of.variantId);
    return fail("changed", stockAdminMessages.changedMeanwhile(Number(now?.stock_quantity ?? 0)));
  }
  if (seen === typed) return { ok: true, backInStock: false }; // counted: the same as shown
  const by = { id: actor.id, name: actor.name };
  await repo.insertMovements(trx, [
    movement(of, typed - seen, typed, "edited", by, new Date().toISOString(), { note }),
  ]);
  const backInStock = seen === 0 && typed > 0;
  if (backInStock) await notifyBackInStock(trx, of.variantId);
  return { ok: true, backInStock };
}

/** The first stock of a new item, recorded like any other change. */
export async function recordStartingStock(
  trx: Db,
  actor: { id: string | null; name: string },
  of: VariantRef,
  quantity: number,
  stamp: string,
  note = "Starting stock",
): Promise<void> {
  await recordStartingStocks(trx, actor, [{ of, quantity }], stamp, note);
}

/** The first stock of several new variants, in one statement (a catalogue import adds hundreds at once). */
export async function recordStartingStocks(
  trx: Db,
  actor: { id: string | null; name: string },
  starts: Array<{ of: VariantRef; quantity: number }>,
  stamp: string,
  note = "Starting stock",
): Promise<void> {
  const rows = starts
    .filter((s) => s.quantity > 0)
    .map(({ of, quantity }) => movement(of, quantity, quantity, "edited", actor, stamp, { note }));
  for (let i = 0; i < rows.length; i += 200) await repo.insertMovements(trx, rows.slice(i, i + 200));
}

export type StockMovement = {
  id: string;
  /** The variant it changed: its SKU and choices ('Blue Razz Ice, 10 mg'); null for history older than variants. */
  variantId: string | null;
  sku: string | null;
  variant: string | null;
  change: number;
  quantityAfter: number;
  reason: string;
  orderId: string | null;
  note: string;
  byName: string;
  createdAt: string;
};

/** An item's stock history (all its variants, or one), newest first (staff only). */
export async function stockHistory(
  db: Db,
  actor: SessionUser | null,
  of: { kind: StockKind; itemId: string; variantId?: string },
  limit = 50,
): Promise<StockMovement[]> {
  assertAllowed(actor, "catalogue.edit");
  const rows = await repo.findMovements(db, of, limit);
  return rows.map((r) => ({
    id: r.id,
    variantId: r.variant_id,
    sku: r.sku,
    variant:
      r.nicotine_strength === null
        ? null
        : optionsLabel({
            flavour: r.flavour ?? "",
            nicotineStrength: Number(r.nicotine_strength),
            puffCount: r.puff_count === null ? null : Number(r.puff_count),
          }),
    change: Number(r.change),
    quantityAfter: Number(r.quantity_after),
    reason: stockReasons[r.reason] ?? r.reason,
    orderId: r.order_id,
    note: r.note,
    byName: r.by_name,
    createdAt: r.created_at,
  }));
}

/** A low variant: its item, SKU and choices ('Blue Razz Ice, 10 mg'). */
export type LowStockItem = {
  kind: StockKind;
  id: string;
  name: string;
  variantId: string;
  sku: string;
  variant: string;
  quantity: number;
};

/** The dashboard's list: tracked variants on sale at or under the threshold, fewest first. */
export async function lowStockItems(db: Db, threshold: number, limit = 10): Promise<LowStockItem[]> {
  const rows = await repo.findLowStock(db, threshold, limit);
  return rows.map((r) => ({
    kind: r.kind,
    id: r.id,
    name: r.name,
    variantId: r.variant_id,
    sku: r.sku,
    variant: optionsLabel({
      flavour: r.flavour,
      nicotineStrength: Number(r.nicotine_strength),
      puffCount: r.puff_count === null ? null : Number(r.puff_count),
    }),
    quantity: Number(r.stock_quantity),
  }));
}

let movementCount = 0;
/**
 * A movement's id sorts in the order movements were made: the time, then a counter of this process (two changes in
 * the same millisecond keep their order in the history), then randomness against other server copies.
 */
function movementId(): string {
  movementCount = (movementCount + 1) % 36 ** 4;
  return `${Date.now().toString(36).padStart(9, "0")}${movementCount.toString(36).padStart(4, "0")}${newId(8)}`;
}

/** Which variant of which item a change is about. */
export type VariantRef = { kind: StockKind; itemId: string; variantId: string };

function movement(
  of: VariantRef,
  change: number,
  after: number,
  reason: StockReason,
  actor: Actor,
  stamp: string,
  extra: { orderId?: string; note?: string; unstamped?: number },
) {
  return {
    id: movementId(),
    kind: of.kind,
    item_id: of.itemId,
    variant_id: of.variantId,
    change,
    quantity_after: after,
    unstamped_change: extra.unstamped ?? 0,
    reason,
    order_id: extra.orderId ?? null,
    note: extra.note ?? "",
    by_user_id: actor.id,
    by_name: actor.name,
    created_at: stamp,
  };
}

/** The history rows `takeStockForOrder` handed back, as one statement for the caller's writes (decision 027). */
export const movementsWrite = (db: Db, rows: Array<ReturnType<typeof movement>>) => repo.movementsInsert(db, rows);

// ---------- Duty stamps (docs/decisions/079) ----------

/** A delivery's line as goods in adds it: how many units are stamped, lawful unstamped, or held back from sale. */
export type ReceivedLine = VariantRef & { stamped: number; unstamped: number; quarantined: number };

/**
 * Adds a delivery's units in the caller's transaction (goods in): each variant's stamped and lawful unstamped units to
 * its stock, recorded as received with how many were unstamped; quarantined units beside it (never on sale). An item
 * back in stock is announced to those who asked.
 */
export async function receiveGoods(trx: Db, lines: ReceivedLine[], actor: Actor, stamp: string, note: string) {
  const movements = [];
  let changed = false;
  for (const line of lines) {
    const after = await addUnitsByKind(trx, line.variantId, line);
    if (after === undefined) continue; // stock not tracked: the delivery is still recorded
    const added = line.stamped + line.unstamped;
    if (added > 0) {
      movements.push(movement(line, added, after, "received", actor, stamp, { note, unstamped: line.unstamped }));
      changed = true;
      if (after === added) await notifyBackInStock(trx, line.variantId);
    }
    if (line.quarantined > 0)
      movements.push(
        movement(line, 0, after, "quarantined", actor, stamp, {
          note: `${note}: ${line.quarantined} unstamped held back from sale`,
        }),
      );
  }
  await repo.insertMovements(trx, movements);
  if (changed) await bumpStorefrontVersion(trx);
}

/**
 * The cut-off (1 April 2027, 00:00 London): every variant's unstamped units leave its stock and are held back from
 * sale, recorded; the storefront's pages follow. How many units were moved, of how many variants.
 */
export async function quarantineAllUnstamped(trx: Db, stamp: string): Promise<{ units: number; variants: number }> {
  let units = 0;
  const movements = [];
  for (const row of await variantsWithUnstamped(trx)) {
    const held = Number(row.unstamped_units);
    const after = await quarantineUnstamped(trx, row.id, held);
    if (after === undefined) continue;
    const item = await repo.findStock(trx, row.id);
    if (!item) continue;
    const of = { kind: item.kind, itemId: item.item_id, variantId: row.id };
    movements.push(
      movement(of, -held, after, "quarantined", { id: null, name: "Shop (duty stamps)" }, stamp, {
        note: "Unstamped: may not be sold from 1 April 2027",
        unstamped: -held,
      }),
    );
    units += held;
  }
  await repo.insertMovements(trx, movements);
  if (movements.length > 0) await bumpStorefrontVersion(trx);
  return { units, variants: movements.length };
}

/** Takes quarantined units out of the shop (returned to the supplier or destroyed), recorded; false if not held. */
export async function disposeQuarantined(
  trx: Db,
  of: VariantRef,
  units: number,
  actor: Actor,
  stamp: string,
  note: string,
): Promise<boolean> {
  const left = await removeQuarantined(trx, of.variantId, units);
  if (left === undefined) return false;
  const item = await repo.findStock(trx, of.variantId);
  await repo.insertMovements(trx, [
    movement(of, 0, Number(item?.stock_quantity ?? 0), "disposed", actor, stamp, { note: `${units} ${note}` }),
  ]);
  return true;
}
