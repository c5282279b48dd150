import { useShopSettings } from "~/components/layout/use-shop";
import { formatMoney } from "~/lib/money";

/** An amount in the shop's currency, or in `currency` when given (an order's own, decision 036). */
export function Price({ cents, className, currency }: { cents: number; className?: string; currency?: string }) {
  const shop = useShopSettings();
  return <span className={className}>{formatMoney(cents, currency ?? shop.currency)}</span>;
}
