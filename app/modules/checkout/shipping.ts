import { z } from "zod";

/** Spec section 9: Free Shipping (0, 15 days), Express Shipping (8.50, 3 days), or a chosen day of the next 15. */
export const shippingOptions = {
  free: { id: "free", name: "Free Shipping", description: "Delivered within 15 days", priceCents: 0, deliveryDays: 15, isDefault: true },
  express: { id: "express", name: "Express Shipping", description: "Delivered within 3 days", priceCents: 850, deliveryDays: 3, isDefault: false },
} as const;
export const SCHEDULE_DAYS = 15;
export const shippingMethods = ["free", "express", "schedule"] as const;
export type ShippingMethod = (typeof shippingMethods)[number];
export const shippingMethodSchema = z.enum(shippingMethods);

export const shippingNames: Record<ShippingMethod, string> = {
  free: "Free Shipping",
  express: "Express Shipping",
  schedule: "Scheduled Delivery",
};

export const shippingCost = (method: ShippingMethod) => (method === "express" ? shippingOptions.express.priceCents : 0);

// Formatters are costly to make: one each, reused.
const londonDay = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit" });
const deliveryDay = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** Calendar dates as YYYY-MM-DD, counted in the shop's time zone (UK). */
export function isoDateInLondon(when: Date): string {
  return londonDay.format(when);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Free and Express: today plus their delivery days. */
export const deliveryDateFor = (method: "free" | "express", today: string) => addDays(today, shippingOptions[method].deliveryDays);

/** The days a delivery can be scheduled for: the next 15, starting tomorrow. */
export const scheduleDays = (today: string) => Array.from({ length: SCHEDULE_DAYS }, (_, i) => addDays(today, i + 1));

/** 'Mon, Jan 5, 2025' (spec section 3). */
export function formatDeliveryDate(isoDate: string): string {
  return deliveryDay.format(new Date(`${isoDate}T12:00:00Z`));
}
