import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { deliveryOptionsOf, deliveryOptionText, deliveryTitle } from "./delivery-promise";
import { defaultShippingMethods, type ShippingMethod } from "./shipping";

const [free, express] = defaultShippingMethods as [ShippingMethod, ShippingMethod];

describe("the delivery promise", () => {
  const options = deliveryOptionsOf(defaultShippingMethods);

  it("words each of the checkout's options with its own price and days, cheapest first", () => {
    expect(options.map((o) => deliveryOptionText(o, "USD"))).toEqual([
      `${free.name} within ${free.deliveryDays} days`,
      `${express.name} ${formatMoney(express.priceCents, "USD")} within ${express.deliveryDays} days`,
    ]);
    // Today's options, as the specification gives them (§9).
    expect(options.map((o) => deliveryOptionText(o, "USD"))).toEqual([
      "Free Shipping within 15 days",
      "Express Shipping $8.50 within 3 days",
    ]);
    expect(deliveryOptionText(options[1]!, "GBP")).toBe("Express Shipping £8.50 within 3 days");
  });

  it("says 'Free Delivery' only while an option costs nothing, and '1 day' for one day", () => {
    expect(deliveryTitle(options)).toBe("Free Delivery");
    const paid = [{ name: "Courier", priceCents: 499, deliveryDays: 1 }];
    expect(deliveryTitle(paid)).toBe("Delivery");
    expect(deliveryOptionText(paid[0]!, "GBP")).toBe("Courier £4.99 within 1 day");
  });
});
