/**
 * Settings that open the limits on placing orders wide (docs/decisions/070), for the load tests and benchmarks whose
 * shoppers place many orders in a minute and pay none, and for journeys that all deliver to one address: they measure
 * or test something else. The limits themselves are tested at their defaults (order-limits.spec.ts) and small
 * (app/modules/checkout/order-limits.*.test.ts).
 */
export const OPEN_ORDER_LIMITS = {
  UNPAID_ORDERS_PER_ACCOUNT: "1000",
  UNPAID_UNITS_PER_ACCOUNT: "100000",
  UNPAID_ORDERS_PER_ADDRESS: "1000",
  UNPAID_UNITS_PER_ADDRESS: "100000",
  ORDERS_PER_HOUR_PER_ACCOUNT: "10000",
  ORDERS_PER_HOUR_PER_IP: "100000",
} as const;

/** Only the limits per delivery address opened: for journeys that all deliver to the same address. */
export const OPEN_ADDRESS_LIMITS = {
  UNPAID_ORDERS_PER_ADDRESS: OPEN_ORDER_LIMITS.UNPAID_ORDERS_PER_ADDRESS,
  UNPAID_UNITS_PER_ADDRESS: OPEN_ORDER_LIMITS.UNPAID_UNITS_PER_ADDRESS,
} as const;
