import { useShopSettings } from "~/components/layout/use-shop";
import { formatMoney } from "~/lib/money";

export function Price({ cents, className }: { cents: number; className?: string }) {
  const { currency } = useShopSettings();
  return <span className={className}>{formatMoney(cents, currency)}</span>;
}
