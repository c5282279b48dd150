import { Price } from "~/components/ui/price";
import { taxLabel, type Totals } from "~/lib/pricing";

type RowProps = { label: string; cents: number; className?: string; currency?: string };

function Row({ label, cents, className, currency }: RowProps) {
  return (
    <div className={`flex justify-between ${className ?? ""}`}>
      <dt>{label}</dt>
      <dd>
        <Price cents={cents} currency={currency} />
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
  currency,
}: {
  totals: Totals;
  estimate?: boolean;
  showShipping?: boolean;
  /** An order's own currency; the shop's when not given (the cart, the payment step). */
  currency?: string;
}) {
  const tax = <Row label={taxLabel(totals.taxIncluded, estimate)} cents={totals.taxCents} currency={currency} />;
  return (
    <dl className="space-y-2 text-sm">
      <Row label="Subtotal" cents={totals.subtotalCents} currency={currency} />
      {!totals.taxIncluded && tax}
      {showShipping && <Row label="Shipping" cents={totals.shippingCents} currency={currency} />}
      <Row
        label="Total"
        cents={totals.totalCents}
        currency={currency}
        className="border-t border-slate-200 pt-2 text-base font-bold"
      />
      {totals.taxIncluded && tax}
    </dl>
  );
}
