import { z } from "zod";
import { shippingMethods, type ShippingMethod } from "~/db/values";
import { addDays } from "~/lib/shop-time";

/**
 * docs/product/specification.md §9: Free Shipping (0, 15 days), Express Shipping (8.50, 3 days), or a chosen day of the
 * next 15.
 */
export const shippingOptions = {
  free: {
    id: "free",
    name: "Free Shipping",
    description: "Delivered within 15 days",
    priceCents: 0,
    deliveryDays: 15,
    isDefault: true,
  },
  express: {
    id: "express",
    name: "Express Shipping",
    description: "Delivered within 3 days",
    priceCents: 850,
    deliveryDays: 3,
    isDefault: false,
  },
} as const;
export const SCHEDULE_DAYS = 15;
// The set of methods is defined once with the schema (docs/decisions/025).
export { shippingMethods, type ShippingMethod };
export const shippingMethodSchema = z.enum(shippingMethods);

export const shippingCost = (method: ShippingMethod) => (method === "express" ? shippingOptions.express.priceCents : 0);

// Dates are the shop's calendar dates (YYYY-MM-DD, app/lib/shop-time.ts); "today" is the shop's today.

/** Free and Express: today plus their delivery days. */
export const deliveryDateFor = (method: "free" | "express", today: string) =>
  addDays(today, shippingOptions[method].deliveryDays);

/** The days a delivery can be scheduled for: the next 15, starting tomorrow. */
export const scheduleDays = (today: string) => Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i + 1));
