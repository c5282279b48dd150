import type { ShopContext } from "~/context";
import { countCartLines } from "~/modules/cart/cart.service.server";
import { wishlistKeys } from "~/modules/cart/wishlist.service.server";
import { displayName } from "./accounts";
import { getSessionUser } from "./session.server";
import { SIGNED_OUT, type Shopper } from "./shopper";

/** The personal part of every page for the visitor asking (signed out: nothing). */
export async function shopperFor(context: ShopContext, request: Request): Promise<Shopper> {
  const user = await getSessionUser(context, request);
  if (!user) return SIGNED_OUT;
  const [cartCount, wishlist] = await Promise.all([
    countCartLines(context.db, user.id),
    wishlistKeys(context.db, user.id),
  ]);
  return { user: { name: displayName(user), email: user.email, role: user.role }, cartCount, wishlist };
}
