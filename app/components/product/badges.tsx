import { useShopSettings } from "~/components/layout/use-shop";
import { useStockLabel } from "~/components/product/stock";
import { BoxIcon, ShieldIcon, TruckIcon } from "~/components/ui/icons";
import type { Stock } from "~/modules/catalog/catalog";
import { deliveryOptionText, deliveryTitle, type DeliveryOption } from "~/modules/checkout/delivery-promise";
import { MHRA_ECID_LABEL, NICOTINE_WARNING } from "~/modules/compliance/compliance";
import { guarantees } from "~/modules/content/guarantee";
import type { ItemKind } from "~/db/values";

/**
 * The promises under Add to Cart (docs/product/specification.md §2 and §9), each one true: delivery as the checkout
 * offers it (the options come from the loader), the item's stock as the rest of the page says it, the guarantee of its
 * kind as the Guarantee page words it.
 */
export function Badges({ kind, stock, delivery }: { kind: ItemKind; stock: Stock; delivery: DeliveryOption[] }) {
  const guarantee = guarantees[kind];
  const { currency } = useShopSettings();
  const { status, label } = useStockLabel(stock);
  const tile = "flex flex-col items-center gap-1 rounded-xl bg-slate-50 p-3";
  return (
    <ul aria-label="Delivery, stock and guarantee" className="mt-6 grid grid-cols-2 gap-3 text-center text-xs">
      <li className={`col-span-2 ${tile}`}>
        <TruckIcon className="text-brand-600" />
        <span className="font-semibold">{deliveryTitle(delivery)}</span>
        {delivery.map((option) => (
          <span key={option.name} className="text-slate-600">
            {deliveryOptionText(option, currency)}
          </span>
        ))}
      </li>
      <li className={tile}>
        <BoxIcon className="text-brand-600" />
        <span className="font-semibold">{label}</span>
        <span className="text-slate-600">{status === "out_of_stock" ? "Not available to order" : "Ready to ship"}</span>
      </li>
      <li className={tile}>
        <ShieldIcon className="text-brand-600" />
        <span className="font-semibold">{guarantee.badge}</span>
        <span className="text-slate-600">{guarantee.detail}</span>
      </li>
    </ul>
  );
}

export function NicotineWarning() {
  return (
    <p role="note" className="mt-4 border-4 border-black bg-white p-3 text-center font-bold text-black">
      {NICOTINE_WARNING}
    </p>
  );
}

/** With VAT-inclusive prices (TAX_MODE=included), said beside the price. */
export function VatNote() {
  return useShopSettings().taxIncluded ? <span className="text-sm text-slate-600">incl. VAT</span> : null;
}

/** The product's MHRA notification number, when staff gave one (docs/decisions/029). */
export function MhraNumber({ ecid }: { ecid: string | null }) {
  if (!ecid) return null;
  return (
    <p className="mt-2 text-sm text-slate-600">
      {MHRA_ECID_LABEL}: <span className="font-mono">{ecid}</span>
    </p>
  );
}

/** The chosen variant's SKU, small: what a shopper quotes when they ask the shop about it. */
export function Sku({ sku }: { sku: string | undefined }) {
  if (!sku) return null;
  return (
    <p className="mt-2 text-sm text-slate-600">
      SKU: <span className="font-mono">{sku}</span>
    </p>
  );
}
