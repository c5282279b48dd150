import { z } from "zod";
import { itemKinds, MAX_QUANTITY } from "./cart";

/** No control characters (a NUL in text is refused by PostgreSQL; none belongs in a flavour's name). */
const noControlCharacters = (text: string) => ![...text].some((ch) => ch.charCodeAt(0) < 32 || ch === "\u007f");

/** The server's checks of lines and of what a visitor hands over after signing in. */
export const guestLineSchema = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string().regex(/^[a-z0-9-]{1,64}$/),
  flavour: z.string().max(100).refine(noControlCharacters),
  nicotineStrength: z.number().int().min(0).max(20),
  puffCount: z.number().int().min(0).max(100_000).nullable(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

export const appStateSchema = z.object({
  // crypto.randomUUID() in the browser (app/components/cart/guest-state.ts).
  cartToken: z.string().regex(/^[\w-]{8,64}$/),
  cart: z.array(guestLineSchema).max(50),
  wishlist: z.array(z.object({ kind: z.enum(itemKinds), itemId: z.string().regex(/^[a-z0-9-]{1,64}$/) })).max(200),
});
