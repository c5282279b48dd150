import { useEffect } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import { toast } from "~/components/ui/toast";
import { TotalsList } from "~/components/cart/cart-summary";
import { Price } from "~/components/ui/price";
import { fixedSize } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { pageMeta } from "~/lib/meta";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { cartMessage } from "~/lib/whatsapp-text";
import { requireAdultCustomer } from "~/modules/accounts/session.service.server";
import { cartMessages } from "~/modules/cart/cart";
import { handleCartAction } from "~/modules/cart/cart.action.server";
import { getCart } from "~/modules/cart/cart.service.server";
import type { Route } from "./+types/cart";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";
import { taxRule } from "~/lib/config.server";
import { StockCappedNotice } from "~/components/cart/stock-capped-notice";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "Your cart", "The items in your cart.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireAdultCustomer(context, request);
  const cart = await getCart(context.db, user.id, taxRule(context.config), { capToStock: true });
  const text = cartMessage(
    context.settings.name,
    cart.lines.map((l) => ({
      name: l.name,
      flavour: l.displayFlavour,
      nicotineStrength: l.nicotineStrength,
      quantity: l.quantity,
      lineTotalCents: l.lineTotalCents,
    })),
    cart.totals,
    context.settings.currency,
  );
  return { cart, whatsappUrl: whatsappChatUrl(context.settings.whatsappNumber, text) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireAdultCustomer(context, request);
  return handleCartAction(context, user.id, await readForm(request));
}

function QuantityForm({ lineKey, quantity }: { lineKey: string; quantity: number }) {
  const btn = "h-9 w-9 rounded-full border border-slate-300 hover:bg-brand-50 disabled:opacity-40";
  return (
    <Form method="post" className="flex items-center gap-2" aria-label="Quantity">
      <input type="hidden" name="line" value={lineKey} />
      <button
        type="submit"
        name="intent"
        value="decrease"
        className={btn}
        disabled={quantity <= 1}
        aria-label="Decrease quantity"
      >
        −
      </button>
      <span className="min-w-6 text-center font-semibold" aria-label={`Quantity ${quantity}`}>
        {quantity}
      </span>
      <button type="submit" name="intent" value="increase" className={btn} aria-label="Increase quantity">
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
  const empty = cart.lines.length === 0;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Your cart</h1>
      {actionData?.error && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
          {actionData.error}
        </p>
      )}
      {cart.dropped.length > 0 && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {cart.dropped.length === 1 ? "An item in your cart is" : `${cart.dropped.length} items in your cart are`} no
          longer sold and {cart.dropped.length === 1 ? "was" : "were"} removed.
        </p>
      )}
      <StockCappedNotice messages={cart.capped} what="cart" />
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-label="Cart items" className="lg:col-span-2">
          {empty ? (
            <div className="rounded-xl bg-slate-50 p-6 text-slate-700">
              <p>{cartMessages.empty}</p>
              <Link to="/products" className="btn-primary mt-4">
                Browse products
              </Link>
            </div>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
              {cart.lines.map((line) => (
                <li key={line.key} className="flex flex-wrap items-center gap-4 p-4" aria-label={line.name}>
                  <ProductImage
                    src={line.image}
                    alt={line.name}
                    width={80}
                    height={80}
                    sizes={fixedSize(80)}
                    className="h-20 w-20 rounded-lg bg-slate-50 object-cover"
                  />
                  <div className="min-w-40 flex-1">
                    <Link to={line.href} className="font-semibold hover:underline">
                      {line.name}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {line.kind === "device" ? `${line.displayFlavour} · ` : ""}
                      {line.nicotineStrength}mg{line.puffCount ? ` · ${line.puffCount} puffs` : ""}
                    </p>
                  </div>
                  <QuantityForm lineKey={line.key} quantity={line.quantity} />
                  <Price cents={line.lineTotalCents} className="w-20 text-right font-semibold" />
                  <Form method="post">
                    <input type="hidden" name="line" value={line.key} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className="text-sm text-rose-700 hover:underline"
                      aria-label={`Remove ${line.name}`}
                    >
                      Remove
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </section>
        <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-slate-50 p-6">
          <h2 id="summary-title" className="text-lg font-bold">
            Summary
          </h2>
          <div className="mt-4">
            <TotalsList totals={cart.totals} estimate />
          </div>
          <p className="mt-3 text-xs text-slate-500">Shipping is chosen at checkout.</p>
          <div className="mt-6 flex flex-col gap-3">
            {empty ? (
              <button type="button" className="btn-primary" disabled>
                Checkout
              </button>
            ) : (
              <Link to="/cart-address" className="btn-primary">
                Checkout
              </Link>
            )}
            {empty ? (
              <button type="button" className="btn-outline" disabled>
                Order Through WhatsApp
              </button>
            ) : (
              <a
                href={whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="btn-outline"
                aria-describedby="whatsapp-cart-note"
              >
                Order Through WhatsApp
              </a>
            )}
            <p id="whatsapp-cart-note" className="text-xs text-slate-600">
              {cartMessages.whatsappNote}
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}

/** An error in a checkout step keeps the shopper in the checkout, with their cart kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={checkoutWayBack} />;
}
