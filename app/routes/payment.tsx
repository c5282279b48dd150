import { useEffect, useState, type FormEvent } from "react";
import { data, Form, redirect, useNavigate } from "react-router";
import { Link } from "~/components/ui/link";
import { toast } from "~/components/ui/toast";
import { useRefreshShopper } from "~/components/layout/use-shop";
import { TotalsList } from "~/components/cart/cart-summary";
import { CheckoutSteps } from "~/components/checkout/steps";
import { Spinner } from "~/components/ui/field";
import { Price } from "~/components/ui/price";
import { PostalAddress } from "~/components/ui/postal-address";
import { pageMeta } from "~/lib/meta";
import { paymentAtButton } from "~/modules/orders/cancellation";
import { totals } from "~/lib/pricing";
import { getCart } from "~/modules/cart/cart.service.server";
import { getAddressBook } from "~/modules/checkout/addresses.service.server";
import { missingStepRedirect, requireCheckoutStep } from "~/modules/checkout/checkout-guard.server";
import { formatDeliveryDate } from "~/lib/shop-time";
import { shippingQuote } from "~/modules/checkout/shipping-methods.service.server";
import { newIdempotencyKey, placeOrderRequest, type PlaceAnswer } from "~/modules/checkout/place-order.action.server";
import { orderMessages } from "~/modules/orders/orders";
import type { Route } from "./+types/payment";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";
import { taxRule } from "~/lib/config.server";
import { StockCappedNotice } from "~/components/cart/stock-capped-notice";
import { BeforeYouOrder } from "~/components/checkout/before-you-order";
import { traderDetails } from "~/lib/trader";
import { paymentDeadlineNote } from "~/modules/checkout/order-limits";
import { unpaidDays, unpaidLimits } from "~/modules/checkout/order-limits.server";
import { paymentStepHold } from "~/modules/checkout/order-limits.service.server";
import { requireUser } from "~/modules/accounts/session.service.server";
import { cardMessages } from "~/modules/payments/card-payments";
import { cardOffer, payByCard, providerDownPath } from "~/modules/payments/card-payment-pages.server";
import { CardPaymentNotes } from "~/components/payments/card-payment-notes";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Payment", "Step 3 of checkout: check and send your order.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, state } = await requireCheckoutStep(context, request, "payment");
  const [cart, book] = await Promise.all([
    getCart(context.db, user.id, taxRule(context.config), { capToStock: true }),
    getAddressBook(context.db, user.id),
  ]);
  const address = book.addresses.find((a) => a.id === state.addressId) ?? null;
  // The chosen method's name and price now (docs/decisions/082); one retired since it was chosen: choose again.
  const quote = await shippingQuote(context.db, state, cart.totals.subtotalCents);
  if (!quote) throw redirect("/cart-shipping");
  const limits = unpaidLimits(context.config);
  const hold = await paymentStepHold(
    context.db,
    user.id,
    { address, units: cart.lines.reduce((sum, line) => sum + line.quantity, 0) },
    { limits, days: unpaidDays(context.config) },
  );
  return {
    lines: cart.lines,
    capped: cart.capped,
    address,
    shipping: { name: quote.name, date: formatDeliveryDate(quote.date) },
    totals: totals(cart.lines, taxRule(context.config), quote.priceCents),
    trader: traderDetails(context.config),
    // How long the order would wait for payment, and a limit on unpaid orders it would pass (docs/decisions/070).
    payWithin: paymentDeadlineNote(hold.days, limits),
    limitRefusal: hold.refusal?.message ?? null,
    // One key per visit of this page: a double click, a retry or a second tab places one order.
    idempotencyKey: newIdempotencyKey(),
    // 'Pay by card' beside 'Order via WhatsApp' when the shop takes cards (issue 61).
    card: cardOffer(context),
  };
}

/**
 * Without JavaScript: place the order and land on /success (which links to the WhatsApp message). 'Pay by card'
 * (intent=card, with or without JavaScript) places the same order, then sends the shopper to the provider's payment
 * page; the page not opening, to the return page saying so (the order is kept either way).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const byCard = form.get("intent") === "card";
  if (byCard && !cardOffer(context)) return data({ message: cardMessages.cardUnavailable }, { status: 409 });
  // The same check and work as POST /api/orders; a step missing sends the shopper back to it, as the page's loader does.
  const { answer, status, missing } = await placeOrderRequest(context, request, form);
  if (missing) throw redirect(missingStepRedirect(request, missing));
  if (!answer.ok) return data({ message: answer.message }, { status });
  if (!byCard) return redirect(`/success?order=${answer.orderId}`);
  const user = await requireUser(context, request);
  const started = await payByCard(context, user.id, answer.orderId);
  if (started.ok) return redirect(started.url, 303);
  // Not payable any more (a retry of an order paid meanwhile): the order's own page says where it stands.
  return redirect(
    started.code === "unavailable" ? providerDownPath(answer.orderId) : `/account/orders/${answer.orderId}`,
    303,
  );
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, capped, address, shipping, totals: money, idempotencyKey, trader, payWithin, card } = loaderData;
  const navigate = useNavigate();
  const refreshShopper = useRefreshShopper();
  const [processing, setProcessing] = useState(false);
  const [payingByCard, setPayingByCard] = useState(false);
  // Back from the provider's page by the browser's Back button, the page may come from its memory: ready again.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => event.persisted && setPayingByCard(false);
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
  }, []);
  // A limit on unpaid orders the order would pass is said before the button is pressed; pressing it checks again.
  const [error, setError] = useState<string | null>(actionData?.message ?? loaderData.limitRefusal);
  const precheck = !address ? orderMessages.noAddress : lines.length === 0 ? orderMessages.emptyCart : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    // 'Pay by card' is the browser's own form POST: the answer is a redirect to the provider's payment page.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter?.getAttribute("value") === "card" && !precheck) return setPayingByCard(true);
    event.preventDefault();
    if (precheck) return setError(precheck);
    setProcessing(true);
    setError(null);
    // Opened now, while the click still counts, so the browser allows the new tab; filled in when the order is saved.
    const tab = window.open("", "_blank");
    try {
      const body = new URLSearchParams({
        idempotencyKey: String(new FormData(event.currentTarget).get("idempotencyKey") ?? ""),
      });
      const response = await fetch("/api/orders", { method: "POST", body });
      const answer = (await response.json()) as PlaceAnswer;
      if (!answer.ok) throw new Error(answer.message);
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.whatsappUrl;
      }
      toast.success(orderMessages.placed);
      // The cart is empty now: the header says so at once (a fetch is not an action React Router revalidates after).
      refreshShopper();
      void navigate(`/success?order=${answer.orderId}`);
    } catch (caught) {
      tab?.close();
      const message =
        caught instanceof Error && caught.message && !/fetch|JSON/i.test(caught.message)
          ? caught.message
          : orderMessages.failed;
      setError(message);
      setProcessing(false);
    }
  }

  return (
    <div className="container-page max-w-4xl py-10">
      <CheckoutSteps current={3} />
      <h1 className="mt-4 text-3xl font-extrabold">Payment</h1>
      <StockCappedNotice messages={capped} what="order" />
      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <section aria-labelledby="order-summary" className="lg:col-span-2">
          <h2 id="order-summary" className="text-lg font-bold">
            Order summary
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl border border-slate-200">
            {lines.map((line) => (
              <li key={line.key} className="flex justify-between gap-4 p-4 text-sm">
                <span>
                  <span className="font-semibold">{line.name}</span> × {line.quantity}
                  <span className="block text-slate-600">
                    {line.displayFlavour} · {line.nicotineStrength}mg
                    {line.puffCount ? ` · ${line.puffCount} puffs` : ""}
                  </span>
                </span>
                <Price cents={line.lineTotalCents} className="font-semibold" />
              </li>
            ))}
          </ul>
          <div className="mt-6 grid gap-4 sm:grid-cols-2">
            <div className="rounded-2xl bg-slate-50 p-4 text-sm">
              <h3 className="font-bold">Delivery address</h3>
              {address ? (
                <PostalAddress address={address} />
              ) : (
                <p className="mt-1 text-rose-700">{orderMessages.noAddress}</p>
              )}
            </div>
            <div className="rounded-2xl bg-slate-50 p-4 text-sm">
              <h3 className="font-bold">Shipping</h3>
              <p className="mt-1">
                {shipping.name}
                <br />
                {shipping.date}
              </p>
            </div>
          </div>
          <BeforeYouOrder
            trader={trader}
            totalCents={money.totalCents}
            delivery={shipping}
            payWithin={payWithin}
            card={card !== null}
          />
        </section>
        <aside className="h-fit rounded-2xl bg-slate-50 p-6">
          <TotalsList totals={money} showShipping />
          <div aria-live="assertive">
            {error && (
              <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-sm text-rose-800">
                {error}
              </p>
            )}
          </div>
          {/* How paying works, where the shopper decides: beside the button, not only after the order (issue 33). */}
          <p id="how-you-pay" className="mt-6 text-sm text-slate-700">
            {card ? cardMessages.whatsappAtButton : paymentAtButton}
          </p>
          {card && <CardPaymentNotes test={card.test} />}
          {/* A document form: 'Pay by card' is posted by the browser itself (the answer is the provider's page); the
              WhatsApp button's submit is taken over by onSubmit. */}
          <Form method="post" reloadDocument onSubmit={onSubmit} className="mt-4 grid gap-3">
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            <button
              type="submit"
              name="intent"
              value="whatsapp"
              aria-describedby="how-you-pay"
              className="btn-primary w-full"
              disabled={processing || payingByCard || !address || lines.length === 0}
              aria-busy={processing}
            >
              {processing && <Spinner />}
              {cardMessages.whatsappButton}
            </button>
            {card && (
              <button
                type="submit"
                name="intent"
                value="card"
                aria-describedby="card-age-note"
                className="btn-primary w-full"
                disabled={processing || !address || lines.length === 0}
                aria-busy={payingByCard}
              >
                {payingByCard && <Spinner />}
                {cardMessages.payButton}
              </button>
            )}
          </Form>
          <Link
            to="/cart-shipping"
            onClick={(e) => {
              if (window.history.length > 1) {
                e.preventDefault();
                void navigate(-1);
              }
            }}
            className="btn-outline mt-3 w-full"
          >
            Back to Shipping
          </Link>
        </aside>
      </div>
    </div>
  );
}

/** An error in a checkout step keeps the shopper in the checkout, with their cart kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={checkoutWayBack} />;
}
