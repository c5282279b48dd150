// Dispatch's zod check, apart from dispatch.ts so the pages that show its words do not ship zod (docs/decisions/016).
import { z } from "zod";
import { dispatchMessages as m } from "./dispatch";

export const dispatchInput = z.object({
  courier: z.string(m.courierMissing).trim().min(1, m.courierMissing).max(60, m.courierLong),
  trackingNumber: z
    .string(m.trackingMissing)
    .trim()
    .min(1, m.trackingMissing)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, m.trackingShape)
    .transform((value) => value.toUpperCase()),
});
export type DispatchInput = z.infer<typeof dispatchInput>;
