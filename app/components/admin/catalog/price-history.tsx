import { AdminTable } from "~/components/admin/list-controls";
import { Price } from "~/components/ui/price";
import { formatDateTime } from "~/lib/shop-time";
import type { PriceHistoryEntry } from "~/modules/catalog/price-history";

/**
 * An item's latest prices, newest first, with when each took effect and who set it: what an original ('was') price
 * is checked against (docs/guide/uk-rules.md, "No promotional pricing").
 */
export function PriceHistory({ entries }: { entries: PriceHistoryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="price-history-title" className="space-y-2">
      <h2 id="price-history-title" className="text-lg font-bold">
        Price history
      </h2>
      <p className="text-sm text-slate-600">
        An original price is kept only if the item sold at it for at least 28 whole days in the last 90.
      </p>
      <AdminTable caption="Price history" minWidth="min-w-[28rem]">
        <thead className="bg-slate-50 text-left text-sm">
          <tr>
            <th scope="col" className="px-3 py-2">
              From
            </th>
            <th scope="col" className="px-3 py-2">
              Price
            </th>
            <th scope="col" className="px-3 py-2">
              Set by
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-sm">
          {entries.map((e) => (
            <tr key={`${e.changedAt}-${e.priceCents}`}>
              <td data-label="From" className="whitespace-nowrap px-3 py-2">
                {formatDateTime(e.changedAt)}
              </td>
              <td data-label="Price" className="px-3 py-2">
                <Price cents={e.priceCents} />
              </td>
              <td data-label="Set by" className="px-3 py-2">
                {e.changedBy ?? "Not recorded"}
              </td>
            </tr>
          ))}
        </tbody>
      </AdminTable>
    </section>
  );
}
