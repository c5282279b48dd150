import { Price } from "~/components/ui/price";
import type { Totals } from "~/lib/pricing";

/** Subtotal, tax, (shipping,) total: figures from the server's pricing module. */
export function TotalsList({
  totals,
  taxLabel = "Estimated Tax",
  showShipping = false,
}: {
  totals: Totals;
  taxLabel?: string;
  showShipping?: boolean;
}) {
  return (
    <dl className="space-y-2 text-sm">
      <div className="flex justify-between">
        <dt>Subtotal</dt>
        <dd>
          <Price cents={totals.subtotalCents} />
        </dd>
      </div>
      <div className="flex justify-between">
        <dt>{taxLabel}</dt>
        <dd>
          <Price cents={totals.taxCents} />
        </dd>
      </div>
      {showShipping && (
        <div className="flex justify-between">
          <dt>Shipping</dt>
          <dd>
            <Price cents={totals.shippingCents} />
          </dd>
        </div>
      )}
      <div className="flex justify-between border-t border-slate-200 pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd>
          <Price cents={totals.totalCents} />
        </dd>
      </div>
    </dl>
  );
}
