import type { Db } from "~/db/database.server";
import { fail, type Result } from "~/lib/result";
import { firstText, numberList, textList } from "~/db/json-text";
import { totals, type TaxRule, type Totals } from "~/lib/pricing";
import * as repo from "./cart.repository.server";
import { clampQuantity, lineKey, type GuestLine, type ItemKind, type LineIdentity } from "./cart";
import { guestLineSchema } from "./cart.schema";
import { availableUnits, stockMessages } from "~/modules/catalog/catalog";
import { stockOf } from "~/modules/catalog/catalog-rows.server";

export type CartLine = LineIdentity & {
  key: string;
  name: string;
  image: string | null;
  href: string;
  displayFlavour: string;
  puffCount: number | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
};
/** `capped`: what changed because there is less in stock than the cart held (the page says so). */
export type Cart = { lines: CartLine[]; totals: Totals; dropped: string[]; capped: string[] };

/** `available`: units one order may take (Infinity for an untracked item). */
type Sellable = {
  name: string;
  image: string | null;
  priceCents: number;
  available: number;
  check: (line: GuestLine) => string | null;
};

/** What can be sold now, with the rules each option must follow; prices come from here, never from the browser. */
async function sellableItems(db: Db, lines: Array<{ kind: ItemKind; itemId: string }>): Promise<Map<string, Sellable>> {
  const ids = (kind: ItemKind) => [...new Set(lines.filter((l) => l.kind === kind).map((l) => l.itemId))];
  const { devices, flavours } = await repo.findSellableItems(db, ids("device"), ids("flavour"));
  const items = new Map<string, Sellable>();
  for (const d of devices) {
    const offered = textList(d.flavours);
    const strengths = numberList(d.nicotine_strengths);
    const puffs = numberList(d.puff_counts);
    items.set(`device|${d.id}`, {
      name: d.name,
      image: firstText(d.images),
      priceCents: d.price_cents,
      available: availableUnits(stockOf(d)),
      check: (line) => {
        if (offered.length ? !offered.includes(line.flavour) : line.flavour !== "")
          return "Choose one of the device's flavours";
        if (!strengths.includes(line.nicotineStrength)) return "Choose one of the device's nicotine strengths";
        if (puffs.length ? !puffs.includes(line.puffCount ?? -1) : line.puffCount !== null)
          return "Choose one of the device's puff counts";
        return null;
      },
    });
  }
  for (const f of flavours) {
    const sizes = numberList(f.sizes);
    items.set(`flavour|${f.id}`, {
      name: f.name,
      image: firstText(f.images),
      priceCents: f.price_cents,
      available: availableUnits(stockOf(f)),
      check: (line) => (line.flavour !== "" || !sizes.includes(line.nicotineStrength) ? "Please select a size." : null),
    });
  }
  return items;
}

/**
 * The shopper's cart priced from the catalogue; lines whose item is gone are removed and named in `dropped`. With
 * `capToStock` (the pages), a line holding more than is left is brought down to what is left (or removed when none
 * is), and named in `capped`; placing an order leaves the lines as they are and refuses instead.
 */
export async function getCart(
  db: Db,
  userId: string,
  tax: TaxRule,
  options: { capToStock?: boolean } = {},
): Promise<Cart> {
  const rows = await repo.findCartRows(db, userId);
  const identities = rows.map((r) => ({
    kind: r.kind,
    itemId: r.item_id,
    flavour: r.flavour,
    nicotineStrength: r.nicotine_strength,
  }));
  const items = await sellableItems(db, identities);
  const lines: CartLine[] = [];
  const dropped: string[] = [];
  const capped: string[] = [];
  const left = new Map<string, number>();
  for (const [i, row] of rows.entries()) {
    const identity = identities[i]!;
    const itemKey = `${identity.kind}|${identity.itemId}`;
    const item = items.get(itemKey);
    if (!item) {
      dropped.push(row.flavour || "An item");
      await repo.deleteLine(db, userId, identity);
      continue;
    }
    let quantity = row.quantity;
    if (options.capToStock) {
      const available = left.get(itemKey) ?? item.available;
      if (quantity > available) {
        capped.push(
          available === 0 ? stockMessages.outOfStock(item.name) : stockMessages.onlyLeft(available, item.name),
        );
        if (available === 0) {
          await repo.deleteLine(db, userId, identity);
          continue;
        }
        quantity = available;
        await repo.setQuantity(db, userId, identity, quantity);
      }
      left.set(itemKey, available - quantity);
    }
    lines.push({
      ...identity,
      key: lineKey(identity),
      name: item.name,
      image: item.image,
      href: identity.kind === "device" ? `/productdetail/${identity.itemId}` : `/flavour/${identity.itemId}`,
      displayFlavour: identity.flavour || item.name,
      puffCount: row.puff_count,
      quantity,
      unitPriceCents: item.priceCents,
      lineTotalCents: item.priceCents * quantity,
    });
  }
  return { lines, dropped, capped, totals: totals(lines, tax) };
}

export type AddResult = Result;

/** Units of an item the cart holds already, over all its lines (one device in two flavours is two lines). */
async function unitsInCart(db: Db, userId: string, kind: ItemKind, itemId: string): Promise<number> {
  const rows = await repo.findCartRows(db, userId);
  return rows.filter((r) => r.kind === kind && r.item_id === itemId).reduce((sum, r) => sum + r.quantity, 0);
}

/** Adds an item with its chosen options after checking them, and the stock, against the catalogue. */
export async function addToCart(db: Db, userId: string, raw: unknown): Promise<AddResult> {
  const parsed = guestLineSchema.safeParse(raw);
  if (!parsed.success) return fail("That item or option is not available.");
  const line = parsed.data;
  const item = (await sellableItems(db, [line])).get(`${line.kind}|${line.itemId}`);
  if (!item) return fail("That item is no longer available.");
  if (item.available === 0) return fail(stockMessages.outOfStock(item.name));
  const problem = item.check(line);
  if (problem) return fail(problem);
  if (
    Number.isFinite(item.available) &&
    (await unitsInCart(db, userId, line.kind, line.itemId)) + line.quantity > item.available
  ) {
    return fail(stockMessages.onlyLeft(item.available, item.name));
  }
  await repo.upsertLine(db, userId, line);
  return { ok: true };
}

/** Minus never goes below 1; plus never above 99, nor above what is in stock (then it says so). */
export async function changeQuantity(
  db: Db,
  userId: string,
  line: LineIdentity,
  delta: 1 | -1,
): Promise<string | null> {
  const row = (await repo.findCartRows(db, userId)).find(
    (r) =>
      lineKey({ kind: r.kind, itemId: r.item_id, flavour: r.flavour, nicotineStrength: r.nicotine_strength }) ===
      lineKey(line),
  );
  if (!row) return null;
  if (delta > 0) {
    const item = (await sellableItems(db, [line])).get(`${line.kind}|${line.itemId}`);
    if (item && (await unitsInCart(db, userId, line.kind, line.itemId)) + 1 > item.available)
      return stockMessages.onlyLeft(item.available, item.name);
  }
  await repo.setQuantity(db, userId, line, clampQuantity(row.quantity + delta));
  return null;
}

export const removeLine = repo.deleteLine;
export const countCartLines = repo.countLines;

/** Merges what a visitor kept before signing in, once per guest cart (its token), adding quantities. */
export async function mergeGuestCart(
  db: Db,
  userId: string,
  token: string,
  lines: unknown[],
): Promise<{ merged: boolean; skipped: number }> {
  if (!(await repo.recordMerge(db, userId, token))) return { merged: false, skipped: 0 };
  let skipped = 0;
  for (const line of lines) if (!(await addToCart(db, userId, line)).ok) skipped++;
  return { merged: true, skipped };
}

export function parseLineKey(key: string): LineIdentity | null {
  const [kind, itemId, flavour, strength] = key.split("|");
  if (
    (kind !== "device" && kind !== "flavour") ||
    !itemId ||
    flavour === undefined ||
    !/^\d{1,2}$/.test(strength ?? "")
  )
    return null;
  return { kind, itemId, flavour, nicotineStrength: Number(strength) };
}

/** Emptying the cart as a statement, for checkout's placement to run with its other writes (decision 027). */
export const emptyCartWrite = (db: Db, userId: string) => repo.emptyCart(db, userId);
