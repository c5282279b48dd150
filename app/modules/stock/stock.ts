/** Stock rules that need no database: kinds, reasons and the shopper's messages (the zod checks: stock.schema.ts). */
import type { ItemKind, StockReason } from "~/db/values";
// The sets of values are defined once with the schema (docs/decisions/025); this module owns their words.
export type { StockReason } from "~/db/values";

export type StockKind = ItemKind;

/** Why stock changed (orders and cancellations by themselves, the rest by staff), as the back office names it. */
export const stockReasons = {
  order: "Order",
  cancelled: "Order cancelled",
  received: "Received",
  damaged: "Damaged or lost",
  correction: "Correction",
  edited: "Set on the item's page",
  quarantined: "Unstamped: held back from sale",
  disposed: "Unstamped: returned or destroyed",
  returned: "Returned by the customer",
} as const satisfies Record<StockReason, string>;
export const adjustmentReasons = ["received", "damaged", "correction"] as const satisfies readonly StockReason[];

export const MAX_STOCK = 1_000_000;

export const stockAdminMessages = {
  adjusted: "Stock updated.",
  belowZero: (left: number) =>
    `That would take the stock below zero: there ${left === 1 ? "is" : "are"} only ${left} left.`,
  untracked: "This variant's stock is not tracked. Tick its Track stock in the variants above first.",
  changedMeanwhile: (now: number) =>
    `The stock changed while you were editing (it is now ${now}). Check it and save again.`,
} as const;

export const backInStockMessages = {
  saved: "Thank you: we will e-mail you once when it is back in stock.",
  notOut: "This item is in stock: you can add it to your cart now.",
} as const;
