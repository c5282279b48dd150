import type { ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { Price } from "~/components/ui/price";
import { fixedSize } from "~/components/ui/image-sizes";
import { ProductImage } from "~/components/ui/product-image";
import { TotalsList } from "~/components/cart/cart-summary";
import { StockCappedNotice } from "~/components/cart/stock-capped-notice";
import type { Totals } from "~/lib/pricing";
import { cartMessages, type ItemKind } from "~/modules/cart/cart";

/** A cart line as the page shows it: the server's pricing (an account's cart or a visitor's, priced the same way). */
export type ShownLine = {
  key: string;
  kind: ItemKind;
  name: string;
  image: string | null;
  href: string;
  displayFlavour: string;
  nicotineStrength: number;
  puffCount: number | null;
  quantity: number;
  lineTotalCents: number;
};

/** What the cart's buttons do: the account's forms post to /cart, a visitor's change the cart in this browser. */
export type LineControls = {
  quantity: (line: ShownLine) => ReactNode;
  remove: (line: ShownLine) => ReactNode;
};

export const quantityButton = "h-9 w-9 rounded-full border border-slate-300 hover:bg-brand-50 disabled:opacity-40";
export const removeButton = "text-sm text-rose-700 hover:underline";

/** The number between a line's minus and plus, read out with its meaning. */
export function QuantityShown({ quantity }: { quantity: number }) {
  return (
    <span className="min-w-6 text-center font-semibold" aria-label={`Quantity ${quantity}`}>
      {quantity}
    </span>
  );
}

/** What the page says above the lines: lines removed because they are no longer sold, lines brought down to stock. */
export function CartNotices({ dropped, capped }: { dropped: number; capped: string[] }) {
  return (
    <>
      {dropped > 0 && (
        <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {dropped === 1 ? "An item in your cart is" : `${dropped} items in your cart are`} no longer sold and{" "}
          {dropped === 1 ? "was" : "were"} removed.
        </p>
      )}
      <StockCappedNotice messages={capped} what="cart" />
    </>
  );
}

/** The cart's lines, or its empty text with a way back to the products. */
export function CartLines({ lines, controls }: { lines: ShownLine[]; controls: LineControls }) {
  return (
    <section aria-label="Cart items" className="lg:col-span-2">
      {lines.length === 0 ? (
        <div className="rounded-xl bg-slate-50 p-6 text-slate-700">
          <p>{cartMessages.empty}</p>
          <Link to="/products" className="btn-primary mt-4">
            Browse products
          </Link>
        </div>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200">
          {lines.map((line) => (
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
              {controls.quantity(line)}
              <Price cents={line.lineTotalCents} className="w-20 text-right font-semibold" />
              {controls.remove(line)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The summary beside the lines: the server's totals, Checkout (a link when the cart has lines; `checkoutNote` under
 * it) and Order Through WhatsApp with what it does.
 */
export function CartSummary({
  totals,
  empty,
  checkoutHref,
  checkoutNote,
  whatsappUrl,
}: {
  totals: Totals;
  empty: boolean;
  checkoutHref: string;
  checkoutNote?: string;
  whatsappUrl: string;
}) {
  return (
    <aside aria-labelledby="summary-title" className="h-fit rounded-2xl bg-slate-50 p-6">
      <h2 id="summary-title" className="text-lg font-bold">
        Summary
      </h2>
      <div className="mt-4">
        <TotalsList totals={totals} estimate />
      </div>
      <p className="mt-3 text-xs text-slate-500">Shipping is chosen at checkout.</p>
      <div className="mt-6 flex flex-col gap-3">
        {empty ? (
          <button type="button" className="btn-primary" disabled>
            Checkout
          </button>
        ) : (
          <Link to={checkoutHref} className="btn-primary" aria-describedby={checkoutNote ? "checkout-note" : undefined}>
            Checkout
          </Link>
        )}
        {checkoutNote && !empty && (
          <p id="checkout-note" className="text-xs text-slate-600">
            {checkoutNote}
          </p>
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
  );
}
