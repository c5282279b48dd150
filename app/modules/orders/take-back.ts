/**
 * WEEE take-back (Waste Electrical and Electronic Equipment Regulations 2013, distributors' take-back): a customer
 * who buys a device may send an old one of the same kind back free of charge, one for each device bought, by post
 * (docs/decisions/041). The rules and words; client-safe, no I/O.
 */
import { isOneOf, takeBackStatuses, type TakeBackStatus } from "~/db/values";
import { addDays, shopDate } from "~/lib/shop-time";
import type { OrderLine, OrderStatus } from "./orders";

export { takeBackStatuses, type TakeBackStatus };
export const isTakeBackStatus = (value: unknown): value is TakeBackStatus => isOneOf(takeBackStatuses, value);

export const RECYCLING_PAGE_PATH = "/recycling";
/** Days after delivery (counted from the day after, in the shop's days) in which a take-back may be asked for. */
export const TAKE_BACK_DAYS = 28;
/** How long a take-back record is kept: four years (the WEEE Regulations' record keeping). */
export const TAKE_BACK_KEEP_YEARS = 4;

export const takeBackStatusLabels: Record<TakeBackStatus, string> = {
  requested: "Take-back requested",
  received: "Old device received",
};

export type TakeBackRequest = {
  devices: number;
  status: TakeBackStatus;
  requestedAt: string;
  receivedAt: string | null;
};

/** How many devices the order bought: as many old ones may come back. */
export const devicesBought = (lines: Pick<OrderLine, "kind" | "quantity">[]) =>
  lines.filter((l) => l.kind === "device").reduce((sum, l) => sum + l.quantity, 0);

/** The day a record may be removed: four years after it was asked for (an ISO instant, same time of day). */
export function keepUntil(requestedAt: string): string {
  const when = new Date(requestedAt);
  when.setUTCFullYear(when.getUTCFullYear() + TAKE_BACK_KEEP_YEARS);
  return when.toISOString();
}

/**
 * Whether a take-back may be asked for now: the order bought a device, is not cancelled, has no request yet, and was
 * delivered no more than 28 days ago (before delivery it may be asked for at once).
 */
export function takeBackWindow(
  order: { status: OrderStatus; deliveredAt: string | null; devices: number },
  existing: TakeBackRequest | null,
  now = new Date(),
): { open: boolean; lastDay: string | null } {
  const lastDay = order.deliveredAt ? addDays(shopDate(order.deliveredAt), TAKE_BACK_DAYS) : null;
  if (existing || order.devices === 0 || order.status === "cancelled") return { open: false, lastDay };
  if (order.status !== "delivered") return { open: true, lastDay: null };
  return { open: lastDay !== null && shopDate(now) <= lastDay, lastDay };
}

export const takeBackMessages = {
  requested: "Your take-back request is sent. We will send you a prepaid envelope: post your old device back in it.",
  alreadyRequested: "You have already asked for a take-back with this order.",
  noDevice: "A take-back comes with buying a device: this order has no device in it.",
  cancelled: "This order is cancelled, so it comes with no take-back.",
  tooLate:
    "The 28 days to ask for a take-back with this order have ended. Our recycling page lists other places to recycle your old vape.",
  devicesRequired: "Enter how many old devices you are sending back",
  tooMany: (max: number) =>
    `You can send back at most ${max} old ${max === 1 ? "device" : "devices"}: one for each device you bought`,
  received: (orderId: string) => `The old device sent back with order ${orderId} is marked received.`,
  alreadyReceived: "This take-back is already marked received.",
} as const;
