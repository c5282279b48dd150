import { useShopSettings } from "~/components/layout/use-shop";
import { formatMoney } from "~/lib/money";

/** An amount in the shop's currency, or in `currency` when given (an order's own, decision 036). */
export function Price({ cents, className, currency }: { cents: number; className?: string; currency?: string }) {
  const shop = useShopSettings();
  return <Amount cents={cents} currency={currency ?? shop.currency} className={className} />;
}

/** An amount in the currency given (no settings read). */
export function Amount({ cents, className, currency }: { cents: number; className?: string; currency: string }) {
  return <span className={className}>{formatMoney(cents, currency)}</span>;
}
