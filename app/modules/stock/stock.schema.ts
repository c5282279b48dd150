// Stock's zod checks, apart from stock.ts so that the product pages, which only need its messages, do not ship zod
// to the browser (docs/decisions/016).
import { z } from "zod";
import { itemKinds } from "~/db/values";
import { adjustmentReasons, MAX_STOCK } from "./stock";

export const stockKindSchema = z.enum(itemKinds);

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
    if (input.reason === "received" && input.change < 0)
      ctx.addIssue({ code: "custom", path: ["change"], message: "Received stock adds units: enter a positive number" });
    if (input.reason === "damaged" && input.change > 0)
      ctx.addIssue({
        code: "custom",
        path: ["change"],
        message: "Damaged stock removes units: enter a negative number, such as -2",
      });
  });
export type AdjustmentInput = z.infer<typeof adjustmentInput>;
