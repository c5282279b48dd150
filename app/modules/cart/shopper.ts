import type { UserRole } from "~/db/values";
import type { ItemKind } from "./cart";

/**
 * What is personal on a page (docs/decisions/017): who is signed in, their cart line count and wishlist. Pages are
 * the same HTML for everyone; this arrives after load from /api/me and is never part of a cached page.
 */
export type Shopper = {
  /** firstName and lastName fill in the contact form (docs/decisions/085). */
  user: { name: string; firstName: string; lastName: string; email: string; role: UserRole } | null;
  cartCount: number;
  /** `kind:itemId` of every wishlist item. */
  wishlist: string[];
  /** The database could not be asked: who is here is not known (treated as "not heard yet"). */
  unavailable?: true;
};

export const SIGNED_OUT: Shopper = { user: null, cartCount: 0, wishlist: [] };

export const wishlistKey = (kind: ItemKind, itemId: string) => `${kind}:${itemId}`;
