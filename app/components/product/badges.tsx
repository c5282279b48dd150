import { BoxIcon, ShieldIcon, TruckIcon } from "~/components/ui/icons";
import { stockMessages } from "~/modules/catalog/catalog";
import { NICOTINE_WARNING } from "~/modules/compliance/compliance";

/**
 * The promises under Add to Cart (docs/product/specification.md §2 and §9); 'In Stock Today' only while the item is in
 * stock.
 */
export function Badges({ inStock }: { inStock: boolean }) {
  const items = [
    { Icon: TruckIcon, title: "Free Delivery", text: "1-2 day" },
    ...(inStock ? [{ Icon: BoxIcon, title: stockMessages.inStockToday, text: "Ready to ship" }] : []),
    { Icon: ShieldIcon, title: "Guaranteed", text: "1 year" },
  ];
  return (
    <ul className={`mt-6 grid ${items.length === 3 ? "grid-cols-3" : "grid-cols-2"} gap-3 text-center text-xs`}>
      {items.map(({ Icon, title, text }) => (
        <li key={title} className="flex flex-col items-center gap-1 rounded-xl bg-slate-50 p-3">
          <Icon className="text-brand-600" />
          <span className="font-semibold">{title}</span>
          <span className="text-slate-500">{text}</span>
        </li>
      ))}
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
