import { z } from "zod";
import { itemKinds, MAX_QUANTITY } from "./cart";

/** The server's checks of lines and of what a visitor hands over after signing in. */
export const guestLineSchema = z.object({
  kind: z.enum(itemKinds),
  itemId: z.string().regex(/^[a-z0-9-]{1,64}$/),
  flavor: z.string().max(100),
  nicotineStrength: z.number().int().min(0).max(20),
  puffCount: z.number().int().min(0).max(100_000).nullable(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});

export const appStateSchema = z.object({
  cartToken: z.string().min(8).max(64),
  cart: z.array(guestLineSchema).max(50),
  wishlist: z.array(z.object({ kind: z.enum(itemKinds), itemId: z.string().regex(/^[a-z0-9-]{1,64}$/) })).max(200),
});
