import { redirect } from "react-router";
import type { ShopContext } from "~/context";
import type { SessionUser } from "~/modules/accounts/accounts";
import { fail, type Failure, type Result } from "~/lib/result";
import {
  adultCustomerOf,
  adultCustomerRedirect,
  notABuyer,
  type NotABuyer,
} from "~/modules/accounts/session.service.server";
import { orderMessages } from "~/modules/orders/orders";
import { countCartLines } from "~/modules/cart/cart.service.server";
import { getCheckoutState, type CheckoutState } from "./checkout.service.server";

export type CheckoutStep = "address" | "shipping" | "payment";
/** What a step still lacks: the steps before it, in order (a signed-in adult, a cart with lines, address, shipping). */
export type MissingStep = NotABuyer | "empty-cart" | "no-address" | "incomplete-address" | "no-shipping";

/** Each missing step as a failure: what POST /api/orders answers (a page redirects to the step instead). */
export const missingSteps: Record<MissingStep, Failure> = {
  ...notABuyer,
  "empty-cart": fail("invalid", orderMessages.emptyCart),
  "no-address": fail("invalid", orderMessages.noAddress),
  "incomplete-address": fail("invalid", orderMessages.incompleteAddress),
  "no-shipping": fail("invalid", orderMessages.noShipping),
};

export type CheckoutGate = Result<
  { user: SessionUser; state: CheckoutState },
  { missing: MissingStep; user: SessionUser | null }
>;

const missing = (step: MissingStep, user: SessionUser | null) => ({ ...missingSteps[step], missing: step, user });

/**
 * Each checkout step needs the ones before it: a signed-in adult (by date of birth), a cart with lines, then an
 * address, then shipping. The one check for every way in: the checkout pages (requireCheckoutStep) and placing an
 * order, by the payment page's form or POST /api/orders (place-order.action.server.ts).
 */
export async function checkCheckoutStep(
  context: ShopContext,
  request: Request,
  step: CheckoutStep,
): Promise<CheckoutGate> {
  const buyer = await adultCustomerOf(context, request);
  if (!buyer.ok) return missing(buyer.reason, buyer.user);
  const { user } = buyer;
  if ((await countCartLines(context.db, user.id)) === 0) return missing("empty-cart", user);
  const state = await getCheckoutState(context.db, user.id);
  if (step !== "address" && !state.addressId) return missing("no-address", user);
  // An address saved before the UK form (its free text only) is completed before it is used (docs/decisions/046).
  if (step !== "address" && !state.addressComplete) return missing("incomplete-address", user);
  if (step === "payment" && (!state.shippingMethod || !state.deliveryDate)) return missing("no-shipping", user);
  return { ok: true, user, state };
}

/** The cart page, told to go on to the first checkout step once the cart has lines (routes/cart.tsx). */
export const CART_THEN_CHECKOUT = "/cart?continue=checkout";

/** Where a page sends a shopper who reached a step without the ones before it: the first one missing. */
export function missingStepRedirect(request: Request, missing: MissingStep): string {
  switch (missing) {
    case "empty-cart":
      // The cart, going on to checkout once it has lines: a visitor who signed in at Checkout comes back here before
      // the lines kept in their browser reach the account's cart (the cart page moves them, then goes on).
      return CART_THEN_CHECKOUT;
    case "no-address":
      return "/cart-address";
    case "incomplete-address":
      return "/cart-address?complete=1";
    case "no-shipping":
      return "/cart-shipping";
    default:
      return adultCustomerRedirect(request, missing);
  }
}

/** The checkout pages' guard: the shopper and their checkout state, or a redirect to the first step missing. */
export async function requireCheckoutStep(context: ShopContext, request: Request, step: CheckoutStep) {
  const gate = await checkCheckoutStep(context, request, step);
  if (!gate.ok) throw redirect(missingStepRedirect(request, gate.missing));
  return { user: gate.user, state: gate.state };
}
