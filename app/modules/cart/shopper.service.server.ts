import type { ShopContext } from "~/context";
import { displayName } from "~/modules/accounts/accounts";
import { getSessionUser } from "~/modules/accounts/session.service.server";
import { countCartLines } from "./cart.service.server";
import { wishlistKeys } from "./wishlist.service.server";
import { SIGNED_OUT, type Shopper } from "./shopper";

/** The personal part of every page for the visitor asking (signed out: nothing). */
export async function shopperFor(context: ShopContext, request: Request): Promise<Shopper> {
  const user = await getSessionUser(context, request);
  if (!user) return SIGNED_OUT;
  const [cartCount, wishlist] = await Promise.all([
    countCartLines(context.db, user.id),
    wishlistKeys(context.db, user.id),
  ]);
  const names = { firstName: user.firstName ?? "", lastName: user.lastName ?? "" };
  return { user: { name: displayName(user), ...names, email: user.email, role: user.role }, cartCount, wishlist };
}
