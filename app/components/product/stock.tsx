import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useShopper, useShopSettings } from "~/components/layout/use-shop";
import type { Failure } from "~/lib/result";
import { stockMessages, stockStatusOf, type Stock, type StockStatus } from "~/modules/catalog/catalog";
import { backInStockMessages, type StockKind } from "~/modules/stock/stock";

const tone: Record<StockStatus, string> = {
  in_stock: "bg-emerald-50 text-emerald-800",
  low_stock: "bg-amber-50 text-amber-900",
  out_of_stock: "bg-rose-50 text-rose-800",
};

/** The item's stock as the shop shows it: from the quantity and the shop's low-stock threshold. */
export function useStockStatus(stock: Stock): StockStatus {
  return stockStatusOf(stock, useShopSettings().lowStockThreshold);
}

/** The item's stock in the shopper's words: 'In stock', 'Only N left' or 'Out of stock', with its status. */
export function useStockLabel(stock: Stock): { status: StockStatus; label: string } {
  const status = useStockStatus(stock);
  const label =
    status === "out_of_stock"
      ? stockMessages.outOfStockLabel
      : status === "low_stock"
        ? stockMessages.onlyLeftLabel(stock.quantity)
        : "In stock";
  return { status, label };
}

/** 'In stock', 'Only N left' or 'Out of stock'. */
export function StockStatusTag({ stock }: { stock: Stock }) {
  const { status, label } = useStockLabel(stock);
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone[status]}`}>{label}</span>;
}

/**
 * On a card in a list: 'Out of stock' in words (not colour alone) when it is, nothing otherwise. Whether an item is
 * out of stock does not depend on the shop's low-stock threshold, so this reads no settings (a card's HTML is a
 * function of its props alone: card-html.server.tsx).
 */
export function OutOfStockNote({ stock, className = "" }: { stock: Stock; className?: string }) {
  if (stockStatusOf(stock, 0) !== "out_of_stock") return null;
  return <p className={`text-sm font-semibold text-rose-800 ${className}`}>{stockMessages.outOfStockLabel}</p>;
}

/**
 * 'Email me when it's back' on the out-of-stock variant a shopper chose (`choice`: its options in words, shown when the
 * item has more than one): one e-mail when it is restocked. Works without JavaScript (the answer comes back as a notice
 * on the page); prefilled for a signed-in shopper.
 */
export function BackInStockForm({
  kind,
  itemId,
  variantId,
  choice,
  notice,
}: {
  kind: StockKind;
  itemId: string;
  variantId: string;
  choice: string | null;
  notice: string | null;
}) {
  const fetcher = useFetcher<Failure>();
  // The shopper's address arrives after load (pages are the same for everyone): filled in unless they typed already.
  const email = useShopper()?.user?.email;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (email && input.current && input.current.value === "") input.current.value = email;
  }, [email]);
  const error = fetcher.data?.message;
  return (
    <fetcher.Form
      method="post"
      action="/back-in-stock"
      className="mt-4 rounded-xl border border-slate-200 p-4"
      aria-labelledby="back-in-stock-title"
    >
      <h2 id="back-in-stock-title" className="font-semibold">
        Email me when it&apos;s back
      </h2>
      {choice && <p className="text-sm text-slate-700">{choice}</p>}
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="itemId" value={itemId} />
      <input type="hidden" name="variantId" value={variantId} />
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <label className="flex grow flex-col text-sm">
          <span>Your e-mail</span>
          <input
            type="email"
            name="email"
            required
            maxLength={254}
            autoComplete="email"
            ref={input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "back-in-stock-error" : undefined}
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
          />
        </label>
        <button type="submit" className="btn-outline" disabled={fetcher.state !== "idle"}>
          Email me when it&apos;s back
        </button>
      </div>
      {error && (
        <p id="back-in-stock-error" role="alert" className="mt-2 text-sm text-rose-700">
          {error}
        </p>
      )}
      {!error && (notice || (fetcher.state === "idle" && fetcher.data)) && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {notice ?? backInStockMessages.saved}
        </p>
      )}
    </fetcher.Form>
  );
}
