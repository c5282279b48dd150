import { useShopSettings } from "~/components/layout/use-shop";
import { pageMeta } from "~/lib/meta";
import { deliveryOptionsOf, deliveryOptionText, type DeliveryOption } from "~/modules/checkout/delivery-promise";
import { shippingOptions } from "~/modules/checkout/shipping";
import type { Route } from "./+types/about";

/** The delivery offer is worded from the checkout's shipping options, so the page promises what the checkout does. */
export function loader() {
  return { delivery: deliveryOptionsOf(shippingOptions) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "About us", "Who we are, how we started and what we offer UK vapers.");

const figures = [
  { value: "400+", label: "Devices and accessories" },
  { value: "600%", label: "Return on investment" },
  { value: "50+", label: "Flavours" },
  { value: "200+", label: "Five-star reviews" },
];

const offers = (delivery: DeliveryOption[], currency: string) => [
  {
    title: "Genuine, UK-compliant devices",
    text: "Every device and pod meets UK limits: 2 ml tanks and at most 20 mg/ml nicotine.",
  },
  {
    title: "Fresh flavours every month",
    text: "We rotate stock quickly, so pods arrive fresh and new flavours land first here.",
  },
  {
    title: "Delivery to your door",
    text: `${delivery.map((o) => deliveryOptionText(o, currency)).join(", or ")}.`,
  },
  {
    title: "Real people on WhatsApp",
    text: "Questions, bulk orders or order changes: message us and a person answers.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  const { name, currency } = useShopSettings();
  return (
    <div className="container-page py-12">
      <h1 className="text-4xl font-extrabold">About {name}</h1>
      <ul className="mt-10 grid grid-cols-2 gap-4 md:grid-cols-4" aria-label="Our figures">
        {figures.map((f) => (
          <li key={f.value} className="rounded-2xl bg-brand-50 p-6 text-center">
            <p className="text-3xl font-extrabold text-brand-700">{f.value}</p>
            <p className="mt-1 text-sm text-slate-600">{f.label}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="story-title" className="mt-14 max-w-3xl">
        <h2 id="story-title" className="text-2xl font-bold">
          Our story
        </h2>
        <p className="mt-4 text-slate-700">
          {name} started in 2019 as a market stall run by two friends who had both quit smoking with the help of vaping
          and were tired of shops that sold unknown, non-compliant devices. We wanted one place where adult smokers
          could find genuine, legal products, explained plainly, at a fair price.
        </p>
        <p className="mt-4 text-slate-700">
          Today we ship across the UK from our own warehouse. We still check every batch we buy, we still answer every
          message ourselves, and we still only sell to adults aged 18 and over.
        </p>
      </section>
      <section aria-labelledby="offers-title" className="mt-14">
        <h2 id="offers-title" className="text-2xl font-bold">
          What we offer
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {offers(loaderData.delivery, currency).map((o, i) => (
            <li key={o.title} className="rounded-2xl border border-slate-200 p-6">
              <p className="text-sm font-semibold text-brand-600">0{i + 1}</p>
              <h3 className="mt-1 text-lg font-bold">{o.title}</h3>
              <p className="mt-2 text-slate-600">{o.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
