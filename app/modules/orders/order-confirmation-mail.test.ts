// The order confirmation's lines name what was chosen: flavour, strength and, for a device sold by puff count, that.
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { describe, expect, it } from "vitest";
import type { ConfirmedOrder } from "./orders.jobs";
import { orderConfirmationMail } from "./order-confirmation-mail";

const line = { flavour: "Blue Razz Ice", nicotineStrength: 20, quantity: 1, lineTotalCents: 1299 };
const order: ConfirmedOrder = {
  id: "ORD-20261126-ABCD",
  address: ukAddress({ phone: "07700 900333", line1: "3 Mill Lane", town: "Hull", postcode: "HU1 1AA" }),
  shipping: { method: "Free Shipping", deliveryDate: "2026-12-09", costCents: 0 },
  subtotalCents: 2598,
  taxCents: 433,
  taxIncluded: true,
  currency: "GBP",
  totalCents: 2598,
  lines: [
    { ...line, name: "Crystal Pro Switch 30K", puffCount: 30000 },
    { ...line, name: "Mango Ice pods", puffCount: null },
  ],
};

describe("order confirmation e-mail", () => {
  it("names the puff count where one was chosen, in the text and the HTML", async () => {
    const shop = { name: "Vapour Lane", email: "hello@example.com" };
    const mail = await orderConfirmationMail(order, shop, "GBP", "http://shop.test/account/orders");
    expect(mail.text).toContain("1 × Crystal Pro Switch 30K (Blue Razz Ice, 20mg, 30000 puffs) £12.99");
    expect(mail.text).toContain("1 × Mango Ice pods (Blue Razz Ice, 20mg) £12.99");
    expect(mail.html).toContain("30000 puffs");
    expect(mail.html.match(/puffs/g)).toHaveLength(1);
  });
});
