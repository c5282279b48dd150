import { useState } from "react";
import { data, Form, redirect } from "react-router";
import { Link } from "~/components/ui/link";
import { CheckoutSteps } from "~/components/checkout/steps";
import { Modal, useHydrated } from "~/components/ui/modal";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { chooseShipping } from "~/modules/checkout/checkout.service.server";
import { requireCheckoutStep } from "~/modules/checkout/checkout-guard.server";
import { formatDeliveryDate, shopDate } from "~/lib/shop-time";
import { daysOnOffer, describeWeekdays, shippingPriceFor } from "~/modules/checkout/shipping";
import { activeShippingMethods } from "~/modules/checkout/shipping-methods.service.server";
import { getCart } from "~/modules/cart/cart.service.server";
import { taxRule } from "~/lib/config.server";
import type { Route } from "./+types/cart-shipping";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Shipping", "Step 2 of checkout: how should we deliver?");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, state } = await requireCheckoutStep(context, request, "shipping");
  const today = shopDate();
  // The shop's active methods in their order, each with its price for this cart and its day(s) (docs/decisions/082).
  const [methods, cart] = await Promise.all([
    activeShippingMethods(context.db),
    getCart(context.db, user.id, taxRule(context.config)),
  ]);
  return {
    method: methods.some((m) => m.id === state.shippingMethod) ? state.shippingMethod : null,
    date: state.deliveryDate,
    options: methods.map((m) => ({
      id: m.id,
      name: m.name,
      priceCents: shippingPriceFor(m, cart.totals.subtotalCents),
      picksDay: m.customerPicksDay,
      weekdays: describeWeekdays(m.weekdays),
      days: daysOnOffer(m, today),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireCheckoutStep(context, request, "shipping");
  const form = await readForm(request);
  const result = await chooseShipping(context.db, user.id, form.get("method"), form.get("date"));
  if (!result.ok) return data({ message: result.message }, { status: 400 });
  return redirect("/payment");
}

export default function CartShipping({ loaderData, actionData }: Route.ComponentProps) {
  const { options } = loaderData;
  const [method, setMethod] = useState<string | null>(loaderData.method);
  const chosen = options.find((o) => o.id === method) ?? null;
  const [date, setDate] = useState<string | null>(chosen?.picksDay ? loaderData.date : null);
  const [picking, setPicking] = useState(false);
  const hydrated = useHydrated();
  const ready = chosen !== null && (!chosen.picksDay || (date !== null && chosen.days.includes(date)));
  // Without JavaScript the day list is of the first method whose customer picks the day (the defaults have one).
  const picker = chosen?.picksDay ? chosen : (options.find((o) => o.picksDay) ?? null);
  return (
    <div className="container-page max-w-3xl py-10">
      <CheckoutSteps current={2} />
      <h1 className="mt-4 text-3xl font-extrabold">Shipping</h1>
      {actionData?.message && (
        <p role="alert" className="mt-4 rounded-lg bg-rose-50 p-3 text-rose-800">
          {actionData.message}
        </p>
      )}
      <Form method="post" className="mt-6 space-y-3">
        <fieldset className="space-y-3">
          <legend className="sr-only">Choose a shipping method</legend>
          {options.map((o) => (
            <label
              key={o.id}
              className="flex cursor-pointer items-center gap-3 rounded-2xl border border-slate-200 p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="method"
                value={o.id}
                checked={method === o.id}
                onChange={() => {
                  setMethod(o.id);
                  if (o.picksDay) {
                    if (!date || !o.days.includes(date)) setDate(null);
                    setPicking(true);
                  }
                }}
                className="h-4 w-4 accent-brand-600"
              />
              <span className="flex-1">
                <span className="block font-semibold">{o.name}</span>
                <span className="block text-sm text-slate-600">
                  {o.picksDay
                    ? method === o.id && date
                      ? `On ${formatDeliveryDate(date)}`
                      : `Pick a day, ${o.weekdays}, from ${formatDeliveryDate(o.days[0]!)} to ${formatDeliveryDate(o.days.at(-1)!)}`
                    : `Delivered by ${formatDeliveryDate(o.days[0]!)}`}
                </span>
              </span>
              <Price cents={o.priceCents} className="font-semibold" />
            </label>
          ))}
        </fieldset>
        {chosen?.picksDay && hydrated && (
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => setPicking(true)}>
            {date ? "Pick another day" : "Pick a day"}
          </button>
        )}
        {hydrated ? (
          <input type="hidden" name="date" value={chosen?.picksDay ? (date ?? "") : ""} />
        ) : (
          picker && (
            <label className="block text-sm">
              Day for a scheduled delivery
              <select
                name="date"
                className="mt-1 block rounded-lg border border-slate-300 p-2"
                defaultValue={loaderData.date ?? ""}
              >
                {picker.days.map((d) => (
                  <option key={d} value={d}>
                    {formatDeliveryDate(d)}
                  </option>
                ))}
              </select>
            </label>
          )
        )}
        <div className="flex justify-between pt-6">
          <Link to="/cart-address" className="btn-outline">
            Back
          </Link>
          <button type="submit" className="btn-primary" disabled={hydrated && !ready}>
            Next
          </button>
        </div>
      </Form>
      <Modal open={picking && chosen?.picksDay === true} title="Pick a delivery day" onClose={() => setPicking(false)}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {(chosen?.days ?? []).map((d) => (
            <li key={d}>
              <button
                type="button"
                className="option w-full"
                aria-pressed={d === date}
                onClick={() => {
                  setDate(d);
                  setPicking(false);
                }}
              >
                {formatDeliveryDate(d)}
              </button>
            </li>
          ))}
        </ul>
      </Modal>
    </div>
  );
}

/** An error in a checkout step keeps the shopper in the checkout, with their cart kept. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} back={checkoutWayBack} />;
}
