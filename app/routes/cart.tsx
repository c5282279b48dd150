import { useEffect } from "react";
import { Form, redirect, useNavigate, useSearchParams } from "react-router";
import { toast } from "~/components/ui/toast";
import {
  CartLines,
  CartNotices,
  CartSummary,
  quantityButton,
  QuantityShown,
  removeButton,
} from "~/components/cart/cart-view";
import { GuestCart } from "~/components/cart/guest-cart";
import { readAppState } from "~/components/cart/guest-state";
import { pageMeta } from "~/lib/meta";
import {
  adultCustomerOf,
  adultCustomerRedirect,
  requireAdultCustomer,
} from "~/modules/accounts/session.service.server";
import { cartMessages } from "~/modules/cart/cart";
import { handleCartAction } from "~/modules/cart/cart.action.server";
import { cartWhatsappUrl, getCart } from "~/modules/cart/cart.service.server";
import type { Route } from "./+types/cart";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";
import { taxRule } from "~/lib/config.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Your cart", "The items in your cart.");

/**
 * A signed-in adult's cart, priced and brought down to stock; a visitor's cart lives in their browser, so the page
 * asks the shop to price it once it is there (GuestCart). Checkout and its steps are for signed-in adults.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const buyer = await adultCustomerOf(context, request);
  if (!buyer.ok && buyer.reason === "signed-out") return { cart: null, whatsappUrl: null };
  if (!buyer.ok) throw redirect(adultCustomerRedirect(request, buyer.reason));
  const cart = await getCart(context.db, buyer.user.id, taxRule(context.config), { capToStock: true });
  return { cart, whatsappUrl: cartWhatsappUrl(context, cart) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdultCustomer(context, request);
  return handleCartAction(context, user.id, await readForm(request));
}

function QuantityForm({ lineKey, quantity }: { lineKey: string; quantity: number }) {
  return (
    <Form method="post" className="flex items-center gap-2" aria-label="Quantity">
      <input type="hidden" name="line" value={lineKey} />
      <button
        type="submit"
        name="intent"
        value="decrease"
        className={quantityButton}
        disabled={quantity <= 1}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <QuantityShown quantity={quantity} />
      <button type="submit" name="intent" value="increase" className={quantityButton} aria-label="Increase quantity">
        +
      </button>
    </Form>
  );
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, whatsappUrl } = loaderData;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const added = params.get("added");
  useEffect(() => {
    if (!added) return;
    toast.success(added === "flavour" ? cartMessages.flavourAdded : cartMessages.deviceAdded);
    void navigate("/cart", { replace: true, preventScrollReset: true });
  }, [added, navigate]);
  // Back from signing in at a visitor's Checkout: once the lines kept in this browser are in the account's cart (the
  // root's GuestStateSync moves them, then this page's data is read again), on to the first checkout step; the cart
  // stays in view when it is empty or something in it changed, so the shopper sees what.
  const continuing = cart !== null && params.get("continue") === "checkout";
  useEffect(() => {
    if (!continuing || readAppState().cart.length > 0) return;
    const changed = cart.lines.length === 0 || cart.dropped.length > 0 || cart.capped.length > 0;
    void navigate(changed ? "/cart" : "/cart-address", { replace: true });
  }, [continuing, cart, navigate]);
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Your cart</h1>
      {cart === null ? (
        <GuestCart />
      ) : (
        <>
          {actionData && !actionData.ok && (
            <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
              {actionData.message}
            </p>
          )}
          <CartNotices dropped={cart.dropped.length} capped={cart.capped} />
          <div className="mt-8 grid gap-8 lg:grid-cols-3">
            <CartLines
              lines={cart.lines}
              controls={{
                quantity: (line) => <QuantityForm lineKey={line.key} quantity={line.quantity} />,
                remove: (line) => (
                  <Form method="post">
                    <input type="hidden" name="line" value={line.key} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className={removeButton}
                      aria-label={`Remove ${line.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                ),
              }}
            />
            <CartSummary
              totals={cart.totals}
              empty={cart.lines.length === 0}
              checkoutHref="/cart-address"
              whatsappUrl={whatsappUrl!}
            />
          </div>
        </>
      )}
    </div>
  );
}

/** An error in a checkout step keeps the shopper in the checkout, with their cart kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={checkoutWayBack} />;
}
