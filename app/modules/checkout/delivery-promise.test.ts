import { describe, expect, it } from "vitest";
import { formatMoney } from "~/lib/money";
import { deliveryOptionsOf, deliveryOptionText, deliveryTitle } from "./delivery-promise";
import { shippingOptions } from "./shipping";

describe("the delivery promise", () => {
  const options = deliveryOptionsOf(shippingOptions);

  it("words each of the checkout's options with its own price and days, cheapest first", () => {
    expect(options.map((o) => deliveryOptionText(o, "USD"))).toEqual([
      `${shippingOptions.free.name} within ${shippingOptions.free.deliveryDays} days`,
      `${shippingOptions.express.name} ${formatMoney(shippingOptions.express.priceCents, "USD")} within ${shippingOptions.express.deliveryDays} days`,
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
