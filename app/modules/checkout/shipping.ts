import { z } from "zod";
import { shippingMethods as defaultMethodIds } from "~/db/values";
import { addDays } from "~/lib/shop-time";

/**
 * Shipping methods (docs/decisions/082): set by staff in the back office (/admin/shipping), the specification's three
 * (§9) seeded as the defaults by migration 2026_11_29_1500 with their old ids. Client-safe: types, the form's schema,
 * and the pure rules of price and day. Dates are the shop's calendar dates (YYYY-MM-DD, app/lib/shop-time.ts).
 */
export type ShippingMethod = {
  id: string;
  name: string;
  /** Including VAT, in pence. */
  priceCents: number;
  deliveryDays: number;
  /** The weekdays it delivers on: 0 Sunday … 6 Saturday, ascending. */
  weekdays: number[];
  /** From this subtotal (pence) it costs nothing; null: never free. */
  freeOverCents: number | null;
  /** The customer picks the day, from the earliest it can arrive up to SCHEDULE_DAYS ahead. */
  customerPicksDay: boolean;
  position: number;
  retired: boolean;
};

/** The defaults' ids (the specification's three), which orders placed before methods were editable hold. */
export const defaultShippingMethodIds = defaultMethodIds;
const everyDay = [0, 1, 2, 3, 4, 5, 6];
/** The specification's three, as the migration seeds them (the tests' and the docs' reference). */
export const defaultShippingMethods: ShippingMethod[] = [
  { id: "free", name: "Free Shipping", priceCents: 0, deliveryDays: 15, weekdays: everyDay, position: 1 },
  { id: "express", name: "Express Shipping", priceCents: 850, deliveryDays: 3, weekdays: everyDay, position: 2 },
  {
    id: "schedule",
    name: "Scheduled Delivery",
    priceCents: 850,
    deliveryDays: 3,
    weekdays: [1, 2, 3, 4, 5, 6],
    customerPicksDay: true,
    position: 3,
  },
].map((m) => ({ freeOverCents: null, customerPicksDay: false, retired: false, ...m }));

const [free, express, schedule] = defaultShippingMethods as [ShippingMethod, ShippingMethod, ShippingMethod];
/** The defaults by their ids (tests and journeys that check the specification's own figures). */
export const shippingOptions = { free, express, schedule } as const;

/** How far ahead a customer may pick a day (from the method's earliest). */
export const SCHEDULE_DAYS = 15;

export const weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const weekdayOf = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).getUTCDay();

/** 'Monday to Saturday', 'any day', or the days named ('Monday, Wednesday and Friday'). */
export function describeWeekdays(weekdays: number[]): string {
  if (weekdays.length === 7) return "any day";
  const sorted = [...weekdays].sort((a, b) => a - b);
  const run = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (run && sorted.length > 2) return `${weekdayNames[sorted[0]!]} to ${weekdayNames[sorted.at(-1)!]}`;
  const names = sorted.map((d) => weekdayNames[d]!);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The day a method promises: today plus its days, moved on to the next of its weekdays (a method that does not
 * deliver on Sundays never promises one).
 */
export function promisedDay(method: Pick<ShippingMethod, "deliveryDays" | "weekdays">, today: string): string {
  let day = addDays(today, method.deliveryDays);
  for (let i = 0; i < 7 && !method.weekdays.includes(weekdayOf(day)); i++) day = addDays(day, 1);
  return day;
}

/** The days a customer may pick: from the method's promised day up to SCHEDULE_DAYS ahead, on its weekdays. */
export function pickableDays(method: Pick<ShippingMethod, "deliveryDays" | "weekdays">, today: string): string[] {
  const first = promisedDay(method, today);
  const last = Math.max(SCHEDULE_DAYS, method.deliveryDays);
  const days: string[] = [];
  for (let n = 0; addDays(first, n) <= addDays(today, last); n++) {
    const day = addDays(first, n);
    if (method.weekdays.includes(weekdayOf(day))) days.push(day);
  }
  return days.length ? days : [first];
}

/** The days a method may deliver on for an order placed today: the one it promises, or the ones to pick from. */
export const daysOnOffer = (method: ShippingMethod, today: string) =>
  method.customerPicksDay ? pickableDays(method, today) : [promisedDay(method, today)];

/** What the method costs for a cart of this subtotal (pence): nothing once the subtotal reaches its 'free over'. */
export const shippingPriceFor = (
  method: Pick<ShippingMethod, "priceCents" | "freeOverCents">,
  subtotalCents: number,
) => (method.freeOverCents !== null && subtotalCents >= method.freeOverCents ? 0 : method.priceCents);

export const shippingMessages = {
  choose: "Please choose a shipping method",
  notOffered: "That shipping method is no longer offered: please choose another",
} as const;

/** 'Please pick a delivery day from the list: Monday to Saturday, from 3 to 15 days ahead'. */
export const pickDayMessage = (method: ShippingMethod) =>
  `Please pick a delivery day from the list: ${describeWeekdays(method.weekdays)}, from ${method.deliveryDays} to ${Math.max(SCHEDULE_DAYS, method.deliveryDays)} days ahead`;

// The back office's form (/admin/shipping): bad input is refused field by field and nothing is changed.
export const SHIPPING_NAME_MAX = 60;
export const shippingFormMessages = {
  name: "Please enter a name",
  nameLong: `A name of at most ${SHIPPING_NAME_MAX} characters, please`,
  price: "Please enter a price of 0 or more, such as 8.50",
  days: "Please enter the days to deliver: a whole number from 1 to 60",
  weekdays: "Please choose at least one weekday it delivers on",
  freeOver: "Please enter an order total such as 50.00, or leave it empty",
} as const;

const money = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, message)
    .transform((v) => Math.round(Number(v) * 100));

export const shippingFormSchema = z.object({
  name: z.string().trim().min(1, shippingFormMessages.name).max(SHIPPING_NAME_MAX, shippingFormMessages.nameLong),
  price: money(shippingFormMessages.price),
  days: z
    .string()
    .trim()
    .regex(/^\d{1,2}$/, shippingFormMessages.days)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 60, shippingFormMessages.days),
  weekdays: z
    .array(z.enum(["0", "1", "2", "3", "4", "5", "6"]))
    .min(1, shippingFormMessages.weekdays)
    .transform((days) => [...new Set(days.map(Number))].sort((a, b) => a - b)),
  freeOver: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{1,5}(\.\d{1,2})?$/.test(v), shippingFormMessages.freeOver)
    .transform((v) => (v === "" ? null : Math.round(Number(v) * 100))),
  picksDay: z.boolean(),
});
export type ShippingForm = z.infer<typeof shippingFormSchema>;

/** Pence as the form shows them ('8.50'). */
export const penceText = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
