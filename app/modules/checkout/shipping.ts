import { z } from "zod";
import { shippingMethods, type ShippingMethod } from "~/db/values";
import { addDays } from "~/lib/shop-time";

/**
 * docs/product/specification.md §9: Free Shipping (0, 15 days), Express Shipping (8.50, 3 days), or a chosen day (from
 * Express's day to 15 days ahead, Monday to Saturday, at Express's price unless the shop sets its own).
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
export const scheduleMessages = {
  pickDay: "Please pick a delivery day from the list: Monday to Saturday, from 3 to 15 days ahead",
} as const;
// The set of methods is defined once with the schema (docs/decisions/025).
export { shippingMethods, type ShippingMethod };
export const shippingMethodSchema = z.enum(shippingMethods);

/**
 * What a scheduled day costs (docs/decisions: "scheduled delivery"): Express's price unless the shop sets its own
 * (SCHEDULED_SHIPPING_PRICE), and never less than Express: a chosen day is a faster promise than Free Shipping's.
 */
export type ShippingPrices = { scheduleCents: number };
export const defaultShippingPrices: ShippingPrices = { scheduleCents: shippingOptions.express.priceCents };

export function shippingCost(method: ShippingMethod, prices: ShippingPrices = defaultShippingPrices): number {
  if (method === "express") return shippingOptions.express.priceCents;
  if (method === "schedule") return Math.max(prices.scheduleCents, shippingOptions.express.priceCents);
  return 0;
}

// Dates are the shop's calendar dates (YYYY-MM-DD, app/lib/shop-time.ts); "today" is the shop's today.

/** Free and Express: today plus their delivery days. */
export const deliveryDateFor = (method: "free" | "express", today: string) =>
  addDays(today, shippingOptions[method].deliveryDays);

/** Sunday, for a shop's calendar date (YYYY-MM-DD): couriers do not deliver on Sundays. */
const isSunday = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay() === 0;

/**
 * The days a delivery can be scheduled for: from the day Express would arrive up to 15 days ahead, Monday to
 * Saturday (docs/decisions: "scheduled delivery"; it never promises sooner than Express can).
 */
export const scheduleDays = (today: string) =>
  Array.from({ length: SCHEDULE_DAYS - shippingOptions.express.deliveryDays + 1 }, (_, i) =>
    addDays(today, shippingOptions.express.deliveryDays + i),
  ).filter((day) => !isSunday(day));
