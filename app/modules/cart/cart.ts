import { z } from "zod";

export type ItemKind = "device" | "flavour";
/** What identifies a cart line (spec section 3): the item plus flavour plus nicotine strength. */
export type LineIdentity = { kind: ItemKind; itemId: string; flavor: string; nicotineStrength: number };
export type GuestLine = LineIdentity & { puffCount: number | null; quantity: number };

export const MAX_QUANTITY = 99;
export const lineKey = (line: LineIdentity) => `${line.kind}|${line.itemId}|${line.flavor}|${line.nicotineStrength}`;

export const cartMessages = {
  deviceAdded: "Product Added To cart",
  flavourAdded: "Flavor added to cart!",
  selectSize: "Please select a size.",
  empty: "Your cart is empty",
} as const;

/** Adding a line that exists already raises its quantity (spec section 4); quantities stay within 1..99. */
export function addLine(lines: GuestLine[], added: GuestLine): GuestLine[] {
  const key = lineKey(added);
  const existing = lines.find((line) => lineKey(line) === key);
  if (!existing) return [...lines, { ...added, quantity: clampQuantity(added.quantity) }];
  return lines.map((line) => (line === existing ? { ...line, quantity: clampQuantity(line.quantity + added.quantity) } : line));
}

export const clampQuantity = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));

/** Merging a guest cart into an account's: same identity adds quantities. */
export const mergeLines = (into: GuestLine[], from: GuestLine[]) => from.reduce(addLine, into);

export const guestLineSchema = z.object({
  kind: z.enum(["device", "flavour"]),
  itemId: z.string().regex(/^[a-z0-9-]{1,64}$/),
  flavor: z.string().max(100),
  nicotineStrength: z.number().int().min(0).max(20),
  puffCount: z.number().int().min(0).max(100_000).nullable(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

/** What a visitor keeps before signing in (browser storage, key appState). */
export const APP_STATE_KEY = "appState";
export const appStateSchema = z.object({
  cartToken: z.string().min(8).max(64),
  cart: z.array(guestLineSchema).max(50),
  wishlist: z.array(z.object({ kind: z.enum(["device", "flavour"]), itemId: z.string().regex(/^[a-z0-9-]{1,64}$/) })).max(200),
});
export type AppState = z.infer<typeof appStateSchema>;
