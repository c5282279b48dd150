// The payment form's zod check, apart from payments.ts so the pages that show its words do not ship zod
// (docs/decisions/016). The amount is checked against the order's total by the service, which knows it.
import { fail } from "~/lib/result";
import { z } from "zod";
import { parsedField, type Parsed } from "~/lib/parsed-field";
import { paymentMessages as m, recordedPaymentMethods } from "./payments";

/** An amount typed in the order's currency ("24.99", "24.9", "24") as integer cents; never through floating point. */
export function parseAmount(raw: string): Parsed<number> {
  const text = raw.trim().replace(/^£/, "");
  if (!text) return fail("invalid", m.amountMissing);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return fail("invalid", m.amountShape);
  return { ok: true, value: Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) };
}

export const paymentInput = z.object({
  method: z.enum(recordedPaymentMethods, m.methodMissing),
  reference: z.string(m.referenceMissing).trim().min(1, m.referenceMissing).max(60, m.referenceLong),
  amount: parsedField(parseAmount),
});
export type PaymentInput = z.infer<typeof paymentInput>;

/** How a manual refund went back and its reference ('Mark refunded'); its amount is checked by decideRefund. */
export const manualRefundInput = z.object({
  method: z.enum(recordedPaymentMethods, m.refundMethodMissing),
  reference: z.string(m.refundReferenceMissing).trim().min(1, m.refundReferenceMissing).max(60, m.referenceLong),
});
export type ManualRefundInput = z.infer<typeof manualRefundInput>;
