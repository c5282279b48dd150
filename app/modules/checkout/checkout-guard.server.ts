import { redirect } from "react-router";
import type { ShopContext } from "~/context";
import { requireAdultCustomer } from "~/modules/accounts/session.service.server";
import { countCartLines } from "~/modules/cart/cart.service.server";
import { getCheckoutState } from "./checkout.service.server";

/**
 * Each checkout step needs the ones before it: a cart with lines, then an address, then shipping.
 * A step reached without them sends the shopper back to the first one missing.
 */
export async function requireCheckoutStep(
  context: ShopContext,
  request: Request,
  step: "address" | "shipping" | "payment",
) {
  const user = await requireAdultCustomer(context, request);
  if ((await countCartLines(context.db, user.id)) === 0) throw redirect("/cart");
  const state = await getCheckoutState(context.db, user.id);
  if (step !== "address" && !state.addressId) throw redirect("/cart-address");
  if (step === "payment" && (!state.shippingMethod || !state.deliveryDate)) throw redirect("/cart-shipping");
  return { user, state };
}
