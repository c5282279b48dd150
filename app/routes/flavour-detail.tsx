import { useState } from "react";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { Badges, VatNote } from "~/components/product/badges";
import { Gallery } from "~/components/product/gallery";
import { QuantityStepper } from "~/components/product/quantity-stepper";
import { StockStatusTag } from "~/components/product/stock";
import { ItemFacts } from "~/components/product/item-facts";
import { flavourOptions, useVariantChoice, VariantPicker } from "~/components/product/variant-picker";
import { backInStockMessages } from "~/modules/stock/stock";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { productStructuredData } from "~/modules/content/structured-data";
import { displayName } from "~/lib/text";
import { getFlavour } from "~/modules/catalog/catalog.service.server";
import { deliveryOptionsOf } from "~/modules/checkout/delivery-promise";
import { activeShippingMethods } from "~/modules/checkout/shipping-methods.service.server";
import { AddToCart } from "~/components/cart/add-to-cart";
import type { Route } from "./+types/flavour-detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const flavour = await getFlavour(context.db, params.id);
  if (!flavour) throw data(null, { status: 404 });
  const notice = new URL(request.url).searchParams.get("back-in-stock") === "saved" ? backInStockMessages.saved : null;
  return { flavour, notice, delivery: deliveryOptionsOf(await activeShippingMethods(context.db)) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) =>
  data
    ? [
        ...pageMeta(matches, `${data.flavour.name} for ${data.flavour.deviceName}`, data.flavour.description),
        ...productStructuredData(matches, data.flavour, location.pathname, [
          { name: "Home", path: "/" },
          { name: "Flavours", path: "/flavours" },
        ]),
      ]
    : [{ title: "Page not found" }];

export default function FlavourDetail({ loaderData }: Route.ComponentProps) {
  const { flavour, notice, delivery } = loaderData;
  const name = displayName(flavour.name);
  const { groups, preferred } = flavourOptions(flavour);
  const choice = useVariantChoice(flavour, preferred);
  const { chosen, variant } = choice;
  const [quantity, setQuantity] = useState(1);
  return (
    <div className="container-page py-10">
      <Breadcrumb items={[{ label: "Home", to: "/" }, { label: "Flavours", to: "/flavours" }, { label: name }]} />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <Gallery images={flavour.images} name={name} />
        <div>
          <Link
            to={`/flavours?device=${flavour.deviceSlug}`}
            className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700 hover:underline"
          >
            {flavour.deviceName}
          </Link>
          <h1 className="mt-3 text-3xl font-bold">{name}</h1>
          <p className="mt-3 flex items-baseline gap-3">
            <Price cents={choice.priceCents} className="text-2xl font-bold text-brand-700" />
            <VatNote />
            <StockStatusTag stock={choice.stock} />
          </p>
          <VariantPicker
            groups={groups}
            variants={flavour.variants}
            chosen={chosen}
            changed={choice.changed}
            onChoose={choice.choose}
          />
          <p className="mt-6 text-slate-700">{flavour.description}</p>
          <p className="mt-2 text-sm text-slate-500">
            {flavour.bottleMl
              ? `${flavour.bottleMl} ml refill bottle`
              : flavour.podMl
                ? `${flavour.podMl} ml pod`
                : null}
          </p>
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <AddToCart
            line={{ kind: "flavour", itemId: flavour.id, ...chosen, quantity }}
            disabled={choice.unavailable !== null}
            disabledReason={choice.unavailable ?? undefined}
          />
          <ItemFacts
            kind="flavour"
            itemId={flavour.id}
            mhraEcid={flavour.mhraEcid}
            variant={variant}
            nameChoice={flavour.variants.length > 1}
            notice={notice}
          />
          <Badges kind="flavour" stock={choice.stock} delivery={delivery} />
        </div>
      </div>
    </div>
  );
}
