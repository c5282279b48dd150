/**
 * How much an order waiting for payment may hold (docs/decisions/070): an unpaid order keeps its stock off sale until
 * it is paid or cancelled, so one account, or one delivery address, may hold only so many orders and units at once,
 * and an account only place so many orders an hour. The limits are settings (UNPAID_ORDERS_PER_ACCOUNT and the rest);
 * the words are said to the shopper at the payment step and in the JSON of POST /api/orders. Client-safe, no I/O.
 */

/** Orders waiting for payment and the units (items, all lines together) they hold. */
export type Held = { orders: number; units: number };

export type UnpaidLimits = { account: Held; address: Held };

/** Which limit refused an order (`limit` in the JSON of POST /api/orders). */
export type OrderLimit = "account-orders" | "account-units" | "address-orders" | "address-units" | "orders-per-hour";

export type LimitRefusal = { limit: OrderLimit; message: string };

const items = (n: number) => (n === 1 ? "1 item" : `${n} items`);
const orders = (n: number) => (n === 1 ? "1 order" : `${n} orders`);
const BULK = "For a larger or bulk order, message us on WhatsApp.";

export const orderLimitMessages = {
  accountOrders: (limit: number) =>
    `You already have ${orders(limit)} waiting for payment, the most we keep for one customer at a time. Pay for one of them, or cancel one you no longer want in Your orders, and then place this one. ${BULK}`,
  accountUnits: (limit: number, wouldHold: number) =>
    `Orders waiting for payment can hold up to ${items(limit)} for one customer; with this order yours would hold ${items(wouldHold)}. Order fewer items, or pay for an order you have placed first. ${BULK}`,
  addressOrders: (limit: number) =>
    `There are already ${orders(limit)} waiting for payment to this delivery address, the most we keep for one address at a time. Once one of them is paid or cancelled you can order to it again. ${BULK}`,
  addressUnits: (limit: number, wouldHold: number) =>
    `Orders waiting for payment to one delivery address can hold up to ${items(limit)}; with this order, the orders to this address would hold ${items(wouldHold)}. Order fewer items, or wait until an order to it is paid. ${BULK}`,
  perHour: (wait: string) =>
    `You have placed several orders in a short time. Please try again in ${wait}, or message us on WhatsApp.`,
} as const;

/**
 * Whether one more order of `units` fits beside what the account and the address already hold: null, or the first
 * limit it would pass, said in plain words.
 */
export function judgeUnpaidLimits(
  limits: UnpaidLimits,
  held: { account: Held; address: Held },
  units: number,
): LimitRefusal | null {
  const { account, address } = held;
  if (account.orders + 1 > limits.account.orders)
    return { limit: "account-orders", message: orderLimitMessages.accountOrders(limits.account.orders) };
  if (account.units + units > limits.account.units)
    return {
      limit: "account-units",
      message: orderLimitMessages.accountUnits(limits.account.units, account.units + units),
    };
  if (address.orders + 1 > limits.address.orders)
    return { limit: "address-orders", message: orderLimitMessages.addressOrders(limits.address.orders) };
  if (address.units + units > limits.address.units)
    return {
      limit: "address-units",
      message: orderLimitMessages.addressUnits(limits.address.units, address.units + units),
    };
  return null;
}

/** How long an order waits for its payment: the shorter time while the account's age is not verified yet. */
export const unpaidDaysFor = (ageVerified: boolean, days: { verified: number; ageUnchecked: number }) =>
  ageVerified ? days.verified : Math.min(days.verified, days.ageUnchecked);

/** What the payment step says before the order is placed: how long it is kept unpaid, and how many may wait. */
export function paymentDeadlineNote(days: number, limits: UnpaidLimits): string {
  return `Pay within ${days} days of ordering: we keep your order's items for you until then, and an order still unpaid is cancelled (nothing is owed). Up to ${orders(limits.account.orders)} (${items(limits.account.units)} in all) can wait for payment at a time.`;
}
