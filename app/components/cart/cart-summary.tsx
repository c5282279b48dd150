import { Price } from "~/components/ui/price";
import { taxLabel, type Totals } from "~/lib/pricing";

function Row({ label, cents, className }: { label: string; cents: number; className?: string }) {
  return (
    <div className={`flex justify-between ${className ?? ""}`}>
      <dt>{label}</dt>
      <dd>
        <Price cents={cents} />
      </dd>
    </div>
  );
}

/**
 * Subtotal, tax, (shipping,) total: figures from the server's pricing module. With tax added (the specification) the
 * tax line comes before the total it is part of ('Estimated Tax' in the cart); with VAT-inclusive prices the total is
 * followed by the VAT it includes.
 */
export function TotalsList({
  totals,
  estimate = false,
  showShipping = false,
}: {
  totals: Totals;
  estimate?: boolean;
  showShipping?: boolean;
}) {
  const tax = <Row label={taxLabel(totals.taxIncluded, estimate)} cents={totals.taxCents} />;
  return (
    <dl className="space-y-2 text-sm">
      <Row label="Subtotal" cents={totals.subtotalCents} />
      {!totals.taxIncluded && tax}
      {showShipping && <Row label="Shipping" cents={totals.shippingCents} />}
      <Row label="Total" cents={totals.totalCents} className="border-t border-slate-200 pt-2 text-base font-bold" />
      {totals.taxIncluded && tax}
    </dl>
  );
}
