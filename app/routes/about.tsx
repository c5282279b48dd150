import { useShopSettings } from "~/components/layout/use-shop";
import { pageMeta } from "~/lib/meta";
import { deliveryOptionsOf, deliveryOptionText, type DeliveryOption } from "~/modules/checkout/delivery-promise";
import { activeShippingMethods } from "~/modules/checkout/shipping-methods.service.server";
import { storyParagraphs, type Offer } from "~/modules/content/about";
import { aboutPage } from "~/modules/content/about.service.server";
import type { Route } from "./+types/about";

/**
 * The shop's own words and figures (docs/decisions/037): written by staff at /admin/about, or counted from its
 * catalogue and published reviews; a figure nobody set is left out. The offers staff did not write are the ones the
 * shop keeps by itself, the delivery one worded from the shop's active shipping methods.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...(await aboutPage(context.db, context.catalogueVersion?.())),
    delivery: deliveryOptionsOf(await activeShippingMethods(context.db)),
  };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "About us", "Who we are and what we offer UK vapers.");

/** What every shop here does, by its own rules: true without anyone writing it. */
const shopOffers = (delivery: DeliveryOption[], currency: string): Offer[] => [
  {
    title: "UK-compliant devices and flavours",
    text: "Every device and pod meets UK limits: 2 ml tanks and at most 20 mg/ml nicotine.",
  },
  {
    title: "Adults only",
    text: "We sell only to adults aged 18 and over, and check each new customer's age before their first order is dispatched.",
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

/** On a wide screen, the figures in one row: two columns for one or two, three for the three counts, else four. */
const FIGURE_COLUMNS: Record<number, string> = { 1: "", 2: "", 3: "md:grid-cols-3" };

export default function About({ loaderData }: Route.ComponentProps) {
  const { name, currency } = useShopSettings();
  const { story, figures, delivery } = loaderData;
  const offers = loaderData.offers ?? shopOffers(delivery, currency);
  return (
    <div className="container-page py-12">
      <h1 className="text-4xl font-extrabold">About {name}</h1>
      {figures.length > 0 && (
        <ul
          className={`mt-10 grid grid-cols-2 gap-4 ${FIGURE_COLUMNS[figures.length] ?? "md:grid-cols-4"}`}
          aria-label="Our figures"
        >
          {figures.map((f) => (
            <li key={`${f.value} ${f.label}`} className="rounded-2xl bg-brand-50 p-6 text-center">
              <p className="text-3xl font-extrabold text-brand-700">{f.value}</p>
              <p className="mt-1 text-sm text-slate-600">{f.label}</p>
            </li>
          ))}
        </ul>
      )}
      {story && (
        <section aria-labelledby="story-title" className="mt-14 max-w-3xl">
          <h2 id="story-title" className="text-2xl font-bold">
            Our story
          </h2>
          {storyParagraphs(story, name).map((p, i) => (
            <p key={i} className="mt-4 whitespace-pre-line text-slate-700">
              {p}
            </p>
          ))}
        </section>
      )}
      <section aria-labelledby="offers-title" className="mt-14">
        <h2 id="offers-title" className="text-2xl font-bold">
          What we offer
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-2">
          {offers.map((o, i) => (
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
