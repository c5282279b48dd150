import type { Config } from "~/lib/config.server";
import type { UnpaidLimits } from "./order-limits";

type LimitSettings = Pick<
  Config,
  | "UNPAID_ORDER_DAYS"
  | "UNPAID_ORDER_DAYS_AGE_UNCHECKED"
  | "UNPAID_ORDERS_PER_ACCOUNT"
  | "UNPAID_UNITS_PER_ACCOUNT"
  | "UNPAID_ORDERS_PER_ADDRESS"
  | "UNPAID_UNITS_PER_ADDRESS"
>;

/** What the orders waiting for payment may hold in this shop (its settings; docs/decisions/070). */
export const unpaidLimits = (config: LimitSettings): UnpaidLimits => ({
  account: { orders: config.UNPAID_ORDERS_PER_ACCOUNT, units: config.UNPAID_UNITS_PER_ACCOUNT },
  address: { orders: config.UNPAID_ORDERS_PER_ADDRESS, units: config.UNPAID_UNITS_PER_ADDRESS },
});

/** How many days an order waits for its payment: UNPAID_ORDER_DAYS, or the shorter time before the age check. */
export const unpaidDays = (config: LimitSettings) => ({
  verified: config.UNPAID_ORDER_DAYS,
  ageUnchecked: config.UNPAID_ORDER_DAYS_AGE_UNCHECKED,
});
