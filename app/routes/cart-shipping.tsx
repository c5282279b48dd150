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
import {
  deliveryDateFor,
  scheduleDays,
  shippingCost,
  shippingOptions,
  type ShippingMethod,
} from "~/modules/checkout/shipping";
import { shippingPrices } from "~/modules/checkout/shipping-prices.server";
import type { Route } from "./+types/cart-shipping";
import { checkoutWayBack, RouteError } from "~/components/layout/route-error";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Shipping", "Step 2 of checkout: how should we deliver?");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { state } = await requireCheckoutStep(context, request, "shipping");
  const today = shopDate();
  return {
    method: state.shippingMethod,
    date: state.deliveryDate,
    freeDate: deliveryDateFor("free", today),
    expressDate: deliveryDateFor("express", today),
    days: scheduleDays(today),
    scheduleCents: shippingCost("schedule", shippingPrices(context.config)),
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
  const { freeDate, expressDate, days, scheduleCents } = loaderData;
  const [method, setMethod] = useState<ShippingMethod | null>(loaderData.method);
  const [date, setDate] = useState<string | null>(loaderData.method === "schedule" ? loaderData.date : null);
  const [picking, setPicking] = useState(false);
  const hydrated = useHydrated();
  const ready = method === "free" || method === "express" || (method === "schedule" && date !== null);
  const option = (value: ShippingMethod, title: string, detail: React.ReactNode, price: number) => (
    <label className="flex cursor-pointer items-center gap-3 rounded-2xl border border-slate-200 p-4 has-checked:border-brand-600 has-checked:bg-brand-50">
      <input
        type="radio"
        name="method"
        value={value}
        checked={method === value}
        onChange={() => {
          setMethod(value);
          if (value === "schedule") setPicking(true);
        }}
        className="h-4 w-4 accent-brand-600"
      />
      <span className="flex-1">
        <span className="block font-semibold">{title}</span>
        <span className="block text-sm text-slate-600">{detail}</span>
      </span>
      <Price cents={price} className="font-semibold" />
    </label>
  );
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
          {option(
            "free",
            "Free Shipping",
            `Delivered by ${formatDeliveryDate(freeDate)}`,
            shippingOptions.free.priceCents,
          )}
          {option(
            "express",
            "Express Shipping",
            `Delivered by ${formatDeliveryDate(expressDate)}`,
            shippingOptions.express.priceCents,
          )}
          {option(
            "schedule",
            "Schedule",
            date
              ? `On ${formatDeliveryDate(date)}`
              : `Pick a day, Monday to Saturday, from ${formatDeliveryDate(days[0]!)} to ${formatDeliveryDate(days.at(-1)!)}`,
            scheduleCents,
          )}
        </fieldset>
        {method === "schedule" && hydrated && (
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => setPicking(true)}>
            {date ? "Pick another day" : "Pick a day"}
          </button>
        )}
        {hydrated ? (
          <input type="hidden" name="date" value={date ?? ""} />
        ) : (
          <label className="block text-sm">
            Day for a scheduled delivery
            <select
              name="date"
              className="mt-1 block rounded-lg border border-slate-300 p-2"
              defaultValue={loaderData.date ?? ""}
            >
              {days.map((d) => (
                <option key={d} value={d}>
                  {formatDeliveryDate(d)}
                </option>
              ))}
            </select>
          </label>
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
      <Modal open={picking} title="Pick a delivery day" onClose={() => setPicking(false)}>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {days.map((d) => (
            <li key={d}>
              <button
                type="button"
                className="option w-full"
                aria-pressed={d === date}
                onClick={() => {
                  setDate(d);
                  setMethod("schedule");
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
