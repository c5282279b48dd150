import { stockLabels, type StockStatus } from "~/modules/catalog/catalog";

const tone: Record<StockStatus, string> = {
  in_stock: "bg-emerald-50 text-emerald-800",
  low_stock: "bg-amber-50 text-amber-800",
  out_of_stock: "bg-rose-50 text-rose-800",
};

export function StockStatusTag({ status }: { status: StockStatus }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[status]}`}>{stockLabels[status]}</span>;
}
