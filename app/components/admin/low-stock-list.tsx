import { Link } from "~/components/ui/link";
import type { LowStockItem } from "~/modules/stock/stock.service.server";

const editPath = (item: LowStockItem) => `${item.kind === "device" ? "/admin/products" : "/admin/flavours"}/${item.id}`;

/**
 * The dashboard's low-stock list: variants on sale at or under the threshold, fewest first, each named with its SKU
 * and linked to its item's page (where its stock is set or adjusted).
 */
export function LowStockList({ items, threshold }: { items: LowStockItem[]; threshold: number }) {
  return (
    <section className="mt-8 rounded-2xl border border-slate-200 p-5" aria-labelledby="low-stock-heading">
      <h2 id="low-stock-heading" className="text-lg font-bold">
        Low stock
      </h2>
      {items.length === 0 ? (
        <p className="mt-2 text-slate-600">Nothing is at or under {threshold} units.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.variantId} className="flex items-center justify-between gap-3 py-2">
              <span>
                <Link to={editPath(item)} className="text-brand-700 hover:underline">
                  {item.name}
                </Link>
                <span className="block text-sm text-slate-600">
                  {item.variant} · <span className="break-all font-mono">{item.sku}</span>
                </span>
              </span>
              <span className={`shrink-0 ${item.quantity === 0 ? "font-semibold text-rose-700" : "text-amber-900"}`}>
                {item.quantity === 0 ? "Out of stock" : `${item.quantity} left`}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link to="/admin/flavours?stock=low" className="mt-2 inline-block text-sm text-brand-700 hover:underline">
        Low-stock flavours
      </Link>
      {" · "}
      <Link to="/admin/products?stock=low" className="text-sm text-brand-700 hover:underline">
        Low-stock devices
      </Link>
    </section>
  );
}
