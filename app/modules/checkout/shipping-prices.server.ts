import type { Config } from "~/lib/config.server";
import { defaultShippingPrices, type ShippingPrices } from "./shipping";

/** What each shipping method costs in this shop: a scheduled day's own price (SCHEDULED_SHIPPING_PRICE), if set. */
export const shippingPrices = (config: Pick<Config, "SCHEDULED_SHIPPING_PRICE">): ShippingPrices =>
  config.SCHEDULED_SHIPPING_PRICE
    ? { scheduleCents: Math.round(Number(config.SCHEDULED_SHIPPING_PRICE) * 100) }
    : defaultShippingPrices;
