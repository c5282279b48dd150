import { useCallback, useEffect, useRef, useState } from "react";
import { CartLines, CartNotices, CartSummary, quantityButton, QuantityShown, removeButton } from "./cart-view";
import { readAppState, writeAppState } from "./guest-state";
import { clampQuantity, lineKey, MAX_QUANTITY, type GuestLine } from "~/modules/cart/cart";
import type { Cart } from "~/modules/cart/cart.service.server";
import { authPageHref } from "~/modules/accounts/sign-in-reason";
import { useShopSettings } from "~/components/layout/use-shop";

/** What /api/guest-cart answers: the visitor's lines priced by the shop, and the WhatsApp link for them. */
type Priced = { cart: Cart; whatsappUrl: string };

const signInToCart = authPageHref("/signin", "/cart", "checkout");

const keptLine = ({ kind, itemId, flavour, nicotineStrength, puffCount, quantity }: GuestLine): GuestLine => ({
  kind,
  itemId,
  flavour,
  nicotineStrength,
  puffCount,
  quantity,
});

const sameLines = (a: GuestLine[], b: GuestLine[]) =>
  JSON.stringify(a.map(keptLine)) === JSON.stringify(b.map(keptLine));

/**
 * A visitor's cart: the lines kept in this browser (appState), priced by the shop from its catalogue (never from
 * the browser), with quantities to change and lines to remove here. What the shop answers becomes the browser's cart
 * (a line no longer sold is removed, one above the stock brought down), so the header's count and a later sign-in
 * merge see what the page shows. Checkout is the signed-in shopper's: the first step sends a visitor to sign in (or
 * sign up), and back; their lines reach the account's cart on the cart page, which then goes on (routes/cart.tsx).
 */
export function GuestCart() {
  const [priced, setPriced] = useState<Priced | null>(null);
  const [failed, setFailed] = useState(false);
  const asked = useRef(0);
  // Whether this browser runs the page (a cart kept in it cannot be shown without JavaScript).
  const [started, setStarted] = useState(false);
  const { taxIncluded } = useShopSettings();

  const price = useCallback(
    async (lines: GuestLine[]) => {
      const ask = ++asked.current;
      if (lines.length === 0) {
        setFailed(false);
        return setPriced({ cart: emptyCart(taxIncluded), whatsappUrl: "" });
      }
      try {
        const response = await fetch("/api/guest-cart", {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ cart: lines }),
        });
        if (!response.ok) throw new Error(`the cart's prices answered ${response.status}`);
        const answer = (await response.json()) as Priced;
        if (ask !== asked.current) return; // a later change is on its way
        const state = readAppState();
        const kept = answer.cart.lines.map(keptLine);
        if (!sameLines(state.cart, kept)) writeAppState({ ...state, cart: kept });
        setFailed(false);
        setPriced(answer);
      } catch (error) {
        console.error("Could not price the cart", error);
        if (ask === asked.current) setFailed(true);
      }
    },
    [taxIncluded],
  );

  useEffect(() => {
    setStarted(true);
    void price(readAppState().cart);
    // Another tab changed the cart: show it as it is now.
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === "appState") void price(readAppState().cart);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [price]);

  /** Changes this browser's cart at once, then asks the shop to price it. */
  const change = (key: string, next: (line: GuestLine) => GuestLine | null) => {
    const state = readAppState();
    const cart = state.cart.flatMap((line) => (lineKey(line) === key ? (next(line) ?? []) : [line]));
    writeAppState({ ...state, cart });
    void price(cart);
  };

  if (failed && !priced)
    return (
      <p role="alert" className="mt-6 rounded-lg bg-rose-50 p-3 text-rose-800">
        We could not show your cart just now. It is kept in this browser: please try again in a moment.
      </p>
    );
  if (!priced)
    return (
      <>
        {started && <p className="mt-6 text-slate-600">Loading your cart…</p>}
        <noscript>
          <p className="mt-6 rounded-xl bg-slate-50 p-6 text-slate-700">
            A cart kept before signing in is in this browser, and showing it needs JavaScript.{" "}
            <a href={signInToCart} className="font-semibold text-brand-700 underline">
              Sign in
            </a>{" "}
            to see your account&apos;s cart.
          </p>
        </noscript>
      </>
    );
  const { cart, whatsappUrl } = priced;
  return (
    <>
      {failed && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
          We could not update your cart just now. Please try again.
        </p>
      )}
      <CartNotices dropped={cart.dropped.length} capped={cart.capped} />
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <CartLines
          lines={cart.lines}
          controls={{
            quantity: (line) => (
              <div role="group" className="flex items-center gap-2" aria-label="Quantity">
                <button
                  type="button"
                  className={quantityButton}
                  disabled={line.quantity <= 1}
                  aria-label="Decrease quantity"
                  onClick={() => change(line.key, (l) => ({ ...l, quantity: clampQuantity(l.quantity - 1) }))}
                >
                  −
                </button>
                <QuantityShown quantity={line.quantity} />
                <button
                  type="button"
                  className={quantityButton}
                  disabled={line.quantity >= MAX_QUANTITY}
                  aria-label="Increase quantity"
                  onClick={() => change(line.key, (l) => ({ ...l, quantity: clampQuantity(l.quantity + 1) }))}
                >
                  +
                </button>
              </div>
            ),
            remove: (line) => (
              <button
                type="button"
                className={removeButton}
                aria-label={`Remove ${line.name}`}
                onClick={() => change(line.key, () => null)}
              >
                Remove
              </button>
            ),
          }}
        />
        <CartSummary
          totals={cart.totals}
          empty={cart.lines.length === 0}
          checkoutHref="/cart-address"
          checkoutNote="You sign in or create an account to check out; your cart comes with you."
          whatsappUrl={whatsappUrl}
        />
      </div>
    </>
  );
}

/** An empty cart needs no prices: zeros, under the shop's own tax label. */
const emptyCart = (taxIncluded: boolean): Cart => ({
  lines: [],
  dropped: [],
  capped: [],
  totals: { subtotalCents: 0, taxCents: 0, shippingCents: 0, totalCents: 0, taxIncluded },
});
