import { data } from "react-router";
import { Badges, VatNote } from "~/components/product/badges";
import { DeviceFlavours } from "~/components/product/device-flavours";
import { Gallery } from "~/components/product/gallery";
import { StockStatusTag } from "~/components/product/stock";
import { ItemFacts } from "~/components/product/item-facts";
import { deviceOptions, useVariantChoice, VariantPicker } from "~/components/product/variant-picker";
import { backInStockMessages } from "~/modules/stock/stock";
import { Breadcrumb } from "~/components/ui/breadcrumb";
import { Price } from "~/components/ui/price";
import { pageMeta } from "~/lib/meta";
import { productStructuredData } from "~/modules/content/structured-data";
import { displayName } from "~/lib/text";
import { reusabilitySpecifications } from "~/modules/catalog/catalog";
import { getDevice, listDeviceFlavours } from "~/modules/catalog/catalog.service.server";
import { shownWasPrice } from "~/modules/catalog/price-history.service.server";
import { deliveryOptionsOf } from "~/modules/checkout/delivery-promise";
import { activeShippingMethods } from "~/modules/checkout/shipping-methods.service.server";
import { AddToCart } from "~/components/cart/add-to-cart";
import type { Route } from "./+types/product-detail";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await getDevice(context.db, params.id);
  if (!found) throw data(null, { status: 404 });
  // A struck-through price only when the shop allows it and the price history supports it (CAP Code 22.12).
  const showWas = context.config.SHOW_WAS_PRICES === "on";
  const device = {
    ...found,
    originalPriceCents: await shownWasPrice(context.db, showWas, { kind: "device", ...found }),
    details: {
      ...found.details,
      specifications: [...found.details.specifications, ...reusabilitySpecifications(found)],
    },
  };
  const notice = new URL(request.url).searchParams.get("back-in-stock") === "saved" ? backInStockMessages.saved : null;
  const deviceFlavours = await listDeviceFlavours(context.db, device.id);
  return { device, notice, deviceFlavours, delivery: deliveryOptionsOf(await activeShippingMethods(context.db)) };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) =>
  data
    ? [
        ...pageMeta(matches, data.device.name, data.device.description),
        ...productStructuredData(matches, data.device, location.pathname, [
          { name: "Home", path: "/" },
          { name: "Device", path: "/products?sort=devices" },
        ]),
      ]
    : [{ title: "Page not found" }];

export default function ProductDetail({ loaderData }: Route.ComponentProps) {
  const { device, notice, deviceFlavours, delivery } = loaderData;
  const name = displayName(device.name);
  const { groups, preferred } = deviceOptions(device);
  const choice = useVariantChoice(device, preferred);
  const { chosen, variant } = choice;
  // A 'was' price is the item's (its price history): shown only beside the item's own price.
  const wasPrice = choice.priceCents === device.priceCents ? device.originalPriceCents : null;
  return (
    <div className="container-page py-10">
      <Breadcrumb
        items={[{ label: "Home", to: "/" }, { label: "Device", to: "/products?sort=devices" }, { label: name }]}
      />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <Gallery images={device.images} name={name} />
        <div>
          <h1 className="text-3xl font-bold">{name}</h1>
          <p className="mt-3 flex items-baseline gap-3">
            <Price cents={choice.priceCents} className="text-2xl font-bold text-brand-700" />
            <VatNote />
            {wasPrice !== null && wasPrice > choice.priceCents && (
              <del className="text-slate-500" aria-label="Original price">
                <Price cents={wasPrice} />
              </del>
            )}
            <StockStatusTag stock={choice.stock} />
          </p>
          <VariantPicker
            groups={groups}
            variants={device.variants}
            chosen={chosen}
            changed={choice.changed}
            onChoose={choice.choose}
          />
          {device.features.length > 0 && (
            <ul className="mt-6 list-disc space-y-1 pl-5 text-sm text-slate-700" aria-label="Features">
              {device.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          )}
          <p className="mt-6 text-slate-700">{device.description}</p>
          <AddToCart
            line={{ kind: "device", itemId: device.id, ...chosen, quantity: 1 }}
            disabled={choice.unavailable !== null}
            disabledReason={choice.unavailable ?? undefined}
          />
          <ItemFacts
            kind="device"
            itemId={device.id}
            mhraEcid={device.mhraEcid}
            variant={variant}
            nameChoice={true}
            notice={notice}
          />
          <Badges kind="device" stock={choice.stock} delivery={delivery} />
        </div>
      </div>
      <section aria-labelledby="details-title" className="mt-14">
        <h2 id="details-title" className="text-2xl font-bold">
          Details
        </h2>
        <p className="mt-3 max-w-3xl text-slate-700">{device.details.description}</p>
        {device.details.specifications.length > 0 && (
          <table className="mt-6 w-full max-w-3xl text-left text-sm">
            <caption className="sr-only">Specifications</caption>
            <tbody>
              {device.details.specifications.map((spec) => (
                <tr key={spec.name} className="border-b border-slate-200">
                  <th scope="row" className="w-1/3 py-2 pr-4 font-semibold">
                    {spec.name}
                  </th>
                  <td className="py-2 text-slate-700">{spec.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <DeviceFlavours device={{ slug: device.slug, name }} {...deviceFlavours} />
    </div>
  );
}
