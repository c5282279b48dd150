/** Stock rules that need no database: kinds, reasons, the adjustment form's checks and the shopper's messages. */
import { z } from "zod";

export type StockKind = "device" | "flavour";
export const stockKindSchema = z.enum(["device", "flavour"]);

/** Why stock changed: orders and cancellations by themselves, the rest by staff. */
export const stockReasons = {
  order: "Order",
  cancelled: "Order cancelled",
  received: "Received",
  damaged: "Damaged or lost",
  correction: "Correction",
  edited: "Set on the item's form",
} as const;
export type StockReason = keyof typeof stockReasons;
export const adjustmentReasons = ["received", "damaged", "correction"] as const;

export const MAX_STOCK = 1_000_000;

/** A stock quantity typed by staff: a whole number of units, zero or more. */
export const stockQuantityField = z
  .string()
  .trim()
  .min(1, "Stock is required")
  .refine((v) => !/^-/.test(v), "Stock cannot be negative")
  .refine((v) => /^-?\d+$/.test(v), "Stock must be a whole number of units")
  .transform(Number)
  .refine((n) => n <= MAX_STOCK, `Stock must be ${MAX_STOCK.toLocaleString("en-GB")} or less`);

/** The quick adjustment: received adds, damaged removes, a correction may go either way. */
export const adjustmentInput = z
  .object({
    reason: z.enum(adjustmentReasons, "Choose why the stock changes"),
    change: z
      .string()
      .trim()
      .min(1, "Enter how many units")
      .refine((v) => /^[+-]?\d+$/.test(v), "Enter a whole number of units, such as 12 or -2")
      .transform(Number)
      .refine((n) => n !== 0, "Enter a change other than 0")
      .refine((n) => Math.abs(n) <= MAX_STOCK, "That is more units than the shop can hold"),
    note: z.string().trim().max(300, "Keep the note to 300 characters"),
  })
  .superRefine((input, ctx) => {
    if (input.reason === "received" && input.change < 0) ctx.addIssue({ code: "custom", path: ["change"], message: "Received stock adds units: enter a positive number" });
    if (input.reason === "damaged" && input.change > 0) ctx.addIssue({ code: "custom", path: ["change"], message: "Damaged stock removes units: enter a negative number, such as -2" });
  });
export type AdjustmentInput = z.infer<typeof adjustmentInput>;

export const stockAdminMessages = {
  adjusted: "Stock updated.",
  belowZero: (left: number) => `That would take the stock below zero: there ${left === 1 ? "is" : "are"} only ${left} left.`,
  untracked: "This item's stock is not tracked. Turn tracking on in its form first.",
  changedMeanwhile: (now: number) => `The stock changed while you were editing (it is now ${now}). Check it and save again.`,
} as const;

export const backInStockMessages = {
  saved: "Thank you: we will e-mail you once when it is back in stock.",
  notOut: "This item is in stock: you can add it to your cart now.",
} as const;
