import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { cartMessage } from "~/lib/whatsapp-text";
import { fail, type Result } from "~/lib/result";
import { totals, type TaxRule, type Totals } from "~/lib/pricing";
import * as repo from "./cart.repository.server";
import {
  addLine,
  cartMessages,
  clampQuantity,
  lineKey,
  type GuestLine,
  type ItemKind,
  type LineIdentity,
} from "./cart";
import { guestLineSchema } from "./cart.schema";
import { availableUnits, cardHref, stockMessages } from "~/modules/catalog/catalog";
import { itemsOnSale, type ItemOnSale } from "~/modules/catalog/catalog.service.server";
import { optionsOfRow } from "~/modules/catalog/catalog-rows.server";
import { findVariant, variantName, type VariantOffer } from "~/modules/catalog/variants";

export type CartLine = LineIdentity & {
  key: string;
  /** The variant the line's choices resolve to, and its SKU (an order line keeps both). */
  variantId: string;
  sku: string;
  /** A flavour: the device its pod is for (an order line keeps it); null for a device. */
  deviceName: string | null;
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

type Choice = LineIdentity & { puffCount: number | null };
/** The variant a line's choices make, with the units one order may take of it (Infinity when untracked). */
type Resolved = { item: ItemOnSale; variant: VariantOffer; available: number };

/** What the shopper chose, or why it cannot be sold: prices and stock come from here, never from the browser. */
function resolveChoice(item: ItemOnSale, line: Choice): Resolved | { problem: string } {
  const chosen = { flavour: line.flavour, nicotineStrength: line.nicotineStrength, puffCount: line.puffCount };
  if (item.kind === "flavour") {
    const variant = line.flavour === "" ? findVariant(item.variants, { ...chosen, puffCount: null }) : undefined;
    return variant ? { item, variant, available: availableUnits(variant.stock) } : { problem: cartMessages.selectSize };
  }
  const offered = (pick: (v: VariantOffer) => string | number | null) => item.variants.map(pick);
  if (!offered((v) => v.flavour).includes(line.flavour)) return { problem: "Choose one of the device's flavours" };
  if (!offered((v) => v.nicotineStrength).includes(line.nicotineStrength))
    return { problem: "Choose one of the device's nicotine strengths" };
  if (!offered((v) => v.puffCount).includes(line.puffCount))
    return { problem: "Choose one of the device's puff counts" };
  const variant = findVariant(item.variants, chosen);
  if (!variant) return { problem: cartMessages.notOffered };
  return { item, variant, available: availableUnits(variant.stock) };
}

const itemKey = (line: { kind: ItemKind; itemId: string }) => `${line.kind}|${line.itemId}`;

/** The choices of each line resolved against what the shop sells today. */
async function resolveLines(db: Db, lines: Choice[]): Promise<Array<Resolved | { problem: string } | null>> {
  const items = await itemsOnSale(db, lines);
  return lines.map((line) => {
    const item = items.get(itemKey(line));
    return item ? resolveChoice(item, line) : null;
  });
}

/** A line as kept (the account's cart table, or a visitor's browser): its choices and quantity. */
type KeptLine = Choice & { quantity: number };
/** What pricing changed in a kept line: its quantity brought down to what is left, or the line removed (null). */
type Fix = { identity: LineIdentity; quantity: number | null };

/**
 * Kept lines priced from the catalogue: lines whose item or variant is gone are left out and named in `dropped`.
 * With `capToStock`, a line holding more than is left is brought down to what is left (left out when none is) and
 * named in `capped`. `fixes` says what the keeper of the lines should change to match.
 */
async function priceLines(
  db: Db,
  kept: KeptLine[],
  tax: TaxRule,
  capToStock: boolean,
): Promise<Cart & { fixes: Fix[] }> {
  const resolved = await resolveLines(db, kept);
  const lines: CartLine[] = [];
  const dropped: string[] = [];
  const capped: string[] = [];
  const fixes: Fix[] = [];
  const left = new Map<string, number>();
  for (const [i, { puffCount, quantity: held, ...identity }] of kept.entries()) {
    const found = resolved[i];
    if (!found || "problem" in found) {
      dropped.push(identity.flavour || "An item");
      fixes.push({ identity, quantity: null });
      continue;
    }
    const { item, variant } = found;
    const name = variantName(item.name, variant);
    let quantity = held;
    if (capToStock) {
      const available = left.get(variant.id) ?? found.available;
      if (quantity > available) {
        capped.push(available === 0 ? stockMessages.outOfStock(name) : stockMessages.onlyLeft(available, name));
        fixes.push({ identity, quantity: available === 0 ? null : available });
        if (available === 0) continue;
        quantity = available;
      }
      left.set(variant.id, available - quantity);
    }
    lines.push({
      ...identity,
      key: lineKey(identity),
      variantId: variant.id,
      sku: variant.sku,
      deviceName: item.kind === "flavour" ? item.tag : null,
      name: item.name,
      image: item.image,
      href: cardHref(item),
      displayFlavour: identity.flavour || item.name,
      puffCount,
      quantity,
      unitPriceCents: variant.priceCents,
      lineTotalCents: variant.priceCents * quantity,
    });
  }
  return { lines, dropped, capped, fixes, totals: totals(lines, tax) };
}

/**
 * The shopper's cart priced from the catalogue; lines whose item or variant is gone are removed and named in
 * `dropped`. With `capToStock` (the pages), a line holding more than is left is brought down to what is left (or
 * removed when none is), and named in `capped`; placing an order leaves the lines as they are and refuses instead.
 */
export async function getCart(
  db: Db,
  userId: string,
  tax: TaxRule,
  options: { capToStock?: boolean } = {},
): Promise<Cart> {
  const rows = await repo.findCartRows(db, userId);
  const kept = rows.map((r) => ({
    kind: r.kind,
    itemId: r.item_id,
    flavour: r.flavour,
    nicotineStrength: r.nicotine_strength,
    puffCount: r.puff_count,
    quantity: r.quantity,
  }));
  const { fixes, ...cart } = await priceLines(db, kept, tax, options.capToStock ?? false);
  for (const { identity, quantity } of fixes)
    if (quantity === null) await repo.deleteLine(db, userId, identity);
    else await repo.setQuantity(db, userId, identity, quantity);
  return cart;
}

/** The most lines a visitor's cart may hold (as the sign-in merge takes: cart.schema.ts). */
const MAX_GUEST_LINES = 50;

/**
 * A visitor's cart, kept in their browser (appState), priced from the catalogue as an account's is: only the
 * choices and quantities are taken from the browser, never a price. A line that cannot be read or is no longer sold
 * is named in `dropped`, one holding more than is in stock is brought down (`capped`); the page keeps the answer's
 * lines as the browser's cart. Lines for the same item and choices are added together.
 */
export async function priceGuestCart(db: Db, raw: unknown, tax: TaxRule): Promise<Cart> {
  const given = Array.isArray(raw) ? raw.slice(0, MAX_GUEST_LINES) : [];
  let kept: GuestLine[] = [];
  let unreadable = 0;
  for (const line of given) {
    const parsed = guestLineSchema.safeParse(line);
    if (parsed.success) kept = addLine(kept, parsed.data);
    else unreadable++;
  }
  const { fixes: _fixes, ...cart } = await priceLines(db, kept, tax, true);
  return { ...cart, dropped: [...cart.dropped, ...Array<string>(unreadable).fill("An item")] };
}

/** 'Order Through WhatsApp' on the cart page: the cart version of the text (§7), to the shop's number. */
export function cartWhatsappUrl(context: Pick<ShopContext, "settings">, cart: Cart): string {
  const text = cartMessage(
    context.settings.name,
    cart.lines.map((l) => ({
      name: l.name,
      flavour: l.displayFlavour,
      nicotineStrength: l.nicotineStrength,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
    })),
    cart.totals,
    context.settings.currency,
  );
  return whatsappChatUrl(context.settings.whatsappNumber, text);
}

export type AddResult = Result;

/** Units of a variant the cart holds already (lines whose choices make it). */
async function unitsInCart(db: Db, userId: string, item: ItemOnSale, variantId: string): Promise<number> {
  const rows = await repo.findCartRows(db, userId);
  return rows
    .filter((r) => r.kind === item.kind && r.item_id === item.id)
    .filter((r) => findVariant(item.variants, optionsOfRow(r))?.id === variantId)
    .reduce((sum, r) => sum + r.quantity, 0);
}

/** Adds the variant a shopper chose after checking the choice, and its stock, against the catalogue. */
export async function addToCart(db: Db, userId: string, raw: unknown): Promise<AddResult> {
  const parsed = guestLineSchema.safeParse(raw);
  if (!parsed.success) return fail("invalid", "That item or option is not available.");
  const line = parsed.data;
  const [found] = await resolveLines(db, [line]);
  if (!found) return fail("invalid", "That item is no longer available.");
  if ("problem" in found) return fail("invalid", found.problem);
  const name = variantName(found.item.name, found.variant);
  if (found.available === 0) return fail("invalid", stockMessages.outOfStock(name));
  if (
    Number.isFinite(found.available) &&
    (await unitsInCart(db, userId, found.item, found.variant.id)) + line.quantity > found.available
  ) {
    return fail("invalid", stockMessages.onlyLeft(found.available, name));
  }
  await repo.upsertLine(db, userId, line);
  return { ok: true };
}

/** Minus never goes below 1; plus never above 99, nor above what is in stock (then it says so). */
export async function changeQuantity(db: Db, userId: string, line: LineIdentity, delta: 1 | -1): Promise<Result> {
  const row = (await repo.findCartRows(db, userId)).find(
    (r) =>
      lineKey({ kind: r.kind, itemId: r.item_id, flavour: r.flavour, nicotineStrength: r.nicotine_strength }) ===
      lineKey(line),
  );
  if (!row) return { ok: true }; // gone meanwhile (another tab): nothing to change
  if (delta > 0) {
    const [found] = await resolveLines(db, [{ ...line, puffCount: row.puff_count }]);
    if (
      found &&
      !("problem" in found) &&
      (await unitsInCart(db, userId, found.item, found.variant.id)) + 1 > found.available
    )
      return fail("invalid", stockMessages.onlyLeft(found.available, variantName(found.item.name, found.variant)));
  }
  await repo.setQuantity(db, userId, line, clampQuantity(row.quantity + delta));
  return { ok: true };
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

/** Inside the caller's transaction: deletes the account's cart, wishlist and guest-cart merges (data-rights asks). */
export const eraseCartOf = (trx: Db, userId: string): Promise<void> => repo.deleteShopperRowsOf(trx, userId);
