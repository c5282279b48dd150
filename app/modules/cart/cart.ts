import type { ItemKind } from "~/db/values";
// The set of kinds is defined once with the schema (docs/decisions/025).
export { itemKinds, type ItemKind } from "~/db/values";
/** What identifies a cart line (docs/product/specification.md §3): the item plus flavour plus nicotine strength. */
export type LineIdentity = { kind: ItemKind; itemId: string; flavour: string; nicotineStrength: number };
export type GuestLine = LineIdentity & { puffCount: number | null; quantity: number };

export const MAX_QUANTITY = 99;
export const lineKey = (line: LineIdentity) => `${line.kind}|${line.itemId}|${line.flavour}|${line.nicotineStrength}`;

export const cartMessages = {
  deviceAdded: "Product Added To cart",
  flavourAdded: "Flavor added to cart!",
  selectSize: "Please select a size.",
  notOffered: "That combination is not sold: choose another.",
  empty: "Your cart is empty",
  /** Beside 'Order Through WhatsApp': the message asks about the cart; it places no order (issue 33). */
  whatsappNote: "Sends your cart to us to ask about it; to order with delivery, use Checkout.",
} as const;

/**
 * Adding a line that exists already raises its quantity (docs/product/specification.md §4); quantities stay within
 * 1..99.
 */
export function addLine(lines: GuestLine[], added: GuestLine): GuestLine[] {
  const key = lineKey(added);
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing) return [...lines, { ...added, quantity: clampQuantity(added.quantity) }];
  return lines.map((line) =>
    line === existing ? { ...line, quantity: clampQuantity(line.quantity + added.quantity) } : line,
  );
}

export const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** What a visitor keeps before signing in (browser storage, key appState). */
export const APP_STATE_KEY = "appState";
export type AppState = { cartToken: string; cart: GuestLine[]; wishlist: Array<{ kind: ItemKind; itemId: string }> };

const ID = /^[a-z0-9-]{1,64}$/;
const isInt = (n: unknown, min: number, max: number) =>
  typeof n === "number" && Number.isInteger(n) && n >= min && n <= max;

/** A light check of browser storage (the server checks everything again with cart.schema.ts). */
/**
 * A visitor's stored state as this version reads it: lines saved before the code said "flavour" (until migration
 * 2026_11_25_0010) carried `flavor`, and are read as the same line rather than dropping the visitor's cart.
 */
export function upgradeStoredState(value: unknown): unknown {
  const cart = (value as { cart?: unknown } | null)?.cart;
  if (!Array.isArray(cart)) return value;
  const lines = cart.map((line: unknown) => {
    if (typeof line !== "object" || line === null || "flavour" in line || !("flavor" in line)) return line;
    const { flavor, ...rest } = line as Record<string, unknown>;
    return { ...rest, flavour: flavor };
  });
  return { ...(value as object), cart: lines };
}

export function isAppState(value: unknown): value is AppState {
  const v = value as AppState;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.cartToken === "string" &&
    Array.isArray(v.cart) &&
    Array.isArray(v.wishlist) &&
    v.cart.every(
      (l) =>
        (l.kind === "device" || l.kind === "flavour") &&
        ID.test(l.itemId) &&
        typeof l.flavour === "string" &&
        isInt(l.nicotineStrength, 0, 20) &&
        isInt(l.quantity, 1, MAX_QUANTITY) &&
        (l.puffCount === null || isInt(l.puffCount, 0, 100_000)),
    ) &&
    v.wishlist.every((w) => (w.kind === "device" || w.kind === "flavour") && ID.test(w.itemId))
  );
}
