import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { describe, expect, it } from "vitest";
import { taxAdded, taxIncluded, totals } from "~/lib/pricing";
import { cartMessage, orderMessage } from "~/lib/whatsapp-text";
import { addLine, type GuestLine } from "~/modules/cart/cart";
import { afterAdd, afterDelete, afterSetDefault, type Address } from "./addresses";
import { formatDeliveryDate, shopDate } from "~/lib/shop-time";
import { pickableDays, promisedDay, shippingOptions, shippingPriceFor } from "./shipping";

const { free, express, schedule } = shippingOptions;

describe("pricing", () => {
  it("adds tax at the configured rate and shipping on top", () => {
    expect(
      totals(
        [
          { unitPriceCents: 1299, quantity: 2 },
          { unitPriceCents: 599, quantity: 1 },
        ],
        taxAdded(10),
        850,
      ),
    ).toEqual({
      subtotalCents: 3197,
      taxCents: 320,
      shippingCents: 850,
      totalCents: 4367,
      taxIncluded: false,
    });
    expect(totals([], taxAdded(10))).toEqual({
      subtotalCents: 0,
      taxCents: 0,
      shippingCents: 0,
      totalCents: 0,
      taxIncluded: false,
    });
    expect(totals([{ unitPriceCents: 5, quantity: 1 }], taxAdded(10)).taxCents).toBe(1); // 0.5 cent rounds up
  });

  it("with VAT-inclusive prices the total is the prices plus shipping, and shows the VAT it contains", () => {
    // £25.98 + £5.99 + £8.50 express = £40.47, of which VAT at 20 % is 40.47 / 6 = £6.745 → £6.75.
    expect(
      totals(
        [
          { unitPriceCents: 1299, quantity: 2 },
          { unitPriceCents: 599, quantity: 1 },
        ],
        taxIncluded(20),
        850,
      ),
    ).toEqual({ subtotalCents: 3197, taxCents: 675, shippingCents: 850, totalCents: 4047, taxIncluded: true });
    // £12.00 at 20 %: exactly £2.00 of VAT, nothing added.
    expect(totals([{ unitPriceCents: 1200, quantity: 1 }], taxIncluded(20))).toMatchObject({
      taxCents: 200,
      totalCents: 1200,
    });
    expect(totals([{ unitPriceCents: 1000, quantity: 1 }], taxIncluded(0)).taxCents).toBe(0);
  });
});

describe("shipping dates", () => {
  it("free is 15 days and express 3 days from today; express costs 8.50", () => {
    expect(promisedDay(free, "2025-01-01")).toBe("2025-01-16");
    expect(promisedDay(express, "2024-12-30")).toBe("2025-01-02");
    expect(shippingPriceFor(express, 0)).toBe(850);
    expect(shippingPriceFor(free, 0)).toBe(0);
    // A chosen day costs what Express does by default.
    expect(shippingPriceFor(schedule, 0)).toBe(850);
  });
  it("moves a promised day on to the method's weekdays, and is free once the subtotal reaches 'free over'", () => {
    // Thursday 2 January 2025 + 3 = Sunday the 5th: a method that does not deliver on Sundays promises Monday.
    expect(promisedDay({ deliveryDays: 3, weekdays: [1, 2, 3, 4, 5, 6] }, "2025-01-02")).toBe("2025-01-06");
    expect(promisedDay({ deliveryDays: 3, weekdays: [3] }, "2025-01-02")).toBe("2025-01-08");
    const over = { priceCents: 695, freeOverCents: 5000 };
    expect(shippingPriceFor(over, 4999)).toBe(695);
    expect(shippingPriceFor(over, 5000)).toBe(0);
  });
  it("offers a day to schedule from Express's day to 15 days ahead, Monday to Saturday", () => {
    // Saturday 4 January 2025: Express would come on Tuesday the 7th; Sundays the 12th and 19th are not offered.
    const days = pickableDays(schedule, "2025-01-04");
    expect(days[0]).toBe(promisedDay(express, "2025-01-04"));
    expect(days[0]).toBe("2025-01-07");
    expect(days.at(-1)).toBe("2025-01-18");
    expect(days).not.toContain("2025-01-12");
    expect(days).not.toContain("2025-01-19");
    expect(days).toHaveLength(11);
    for (const day of days) expect(new Date(`${day}T12:00:00Z`).getUTCDay()).not.toBe(0);
  });
  it("shows dates in the UK style, 'Mon 6 Jan 2025', and counts days in London", () => {
    expect(formatDeliveryDate("2025-01-05")).toBe("Sun 5 Jan 2025");
    expect(formatDeliveryDate("2025-01-06")).toBe("Mon 6 Jan 2025");
    expect(shopDate(new Date("2025-06-30T23:30:00Z"))).toBe("2025-07-01");
  });
});

describe("cart lines", () => {
  const line = (changes: Partial<GuestLine> = {}): GuestLine => ({
    kind: "device",
    itemId: "d1",
    flavour: "Mint",
    nicotineStrength: 10,
    puffCount: 5000,
    quantity: 1,
    ...changes,
  });
  it("raises the quantity of the same id + flavour + strength", () => {
    expect(addLine([line()], line({ puffCount: 6000 }))).toEqual([line({ quantity: 2 })]);
  });
  it("keeps other flavours and strengths apart", () => {
    expect(addLine([line()], line({ flavour: "Cola" }))).toHaveLength(2);
    expect(addLine([line()], line({ nicotineStrength: 20 }))).toHaveLength(2);
  });
  it("adding a guest cart line by line adds quantities, never above 99", () => {
    const merged = [line({ quantity: 3 }), line({ kind: "flavour", itemId: "f1", flavour: "", quantity: 1 })].reduce(
      addLine,
      [line({ quantity: 2 })],
    );
    expect(merged).toEqual([line({ quantity: 5 }), line({ kind: "flavour", itemId: "f1", flavour: "", quantity: 1 })]);
    expect(addLine([line({ quantity: 98 })], line({ quantity: 5 }))[0]!.quantity).toBe(99);
  });
});

describe("address book rules", () => {
  const a = (id: string, isDefault = false): Address => ({
    id,
    title: id,
    type: "HOME",
    recipient: "Sam Taylor",
    line1: "1 Road",
    line2: "",
    town: "Leeds",
    postcode: "LS1 1AA",
    phone: "0123456789",
    isDefault,
  });
  it("makes the first address default and selected", () => {
    expect(afterAdd({ addresses: [], selectedId: null }, a("x"))).toEqual({
      addresses: [a("x", true)],
      selectedId: "x",
    });
    const second = afterAdd({ addresses: [a("x", true)], selectedId: "x" }, a("y"));
    expect(second).toEqual({ addresses: [a("x", true), a("y")], selectedId: "x" });
  });
  it("clears the selection when the selected address goes, and passes the default on", () => {
    expect(afterDelete({ addresses: [a("x", true), a("y"), a("z")], selectedId: "x" }, "x")).toEqual({
      addresses: [a("y", true), a("z")],
      selectedId: null,
    });
    expect(afterDelete({ addresses: [a("x", true), a("y")], selectedId: "x" }, "y")).toEqual({
      addresses: [a("x", true)],
      selectedId: "x",
    });
  });
  it("marks only one default", () => {
    expect(
      afterSetDefault({ addresses: [a("x", true), a("y")], selectedId: null }, "y").addresses.map((x) => x.isDefault),
    ).toEqual([false, true]);
    expect(
      afterAdd({ addresses: [a("x", true)], selectedId: null }, a("y", true)).addresses.map((x) => x.isDefault),
    ).toEqual([false, true]);
  });
});

describe("WhatsApp texts", () => {
  it("writes the cart version", () => {
    const text = cartMessage(
      "Vapour Lane",
      [
        {
          name: "Hayati Pro Max 6000",
          flavour: "Blue Razz Ice",
          nicotineStrength: 20,
          quantity: 2,
          lineTotalCents: 2598,
        },
      ],
      { subtotalCents: 2598, taxCents: 260, totalCents: 2858, taxIncluded: false },
      "USD",
    );
    expect(text).toBe(
      "Hello Vapour Lane! I would like to order:\n\n1. Hayati Pro Max 6000\n   Flavor: Blue Razz Ice\n   Nicotine: 20mg\n   Qty: 2\n   Price: $25.98\n\nSubtotal: $25.98\nTax: $2.60\nTotal: $28.58\n\nThank you!",
    );
  });
  it("writes the order version with the Order ID", () => {
    const text = orderMessage(
      {
        orderId: "K7QX2M9P",
        lines: [
          {
            name: "Crystal Pro CP 10K",
            flavour: "Cola Ice",
            nicotineStrength: 10,
            puffCount: 5000,
            quantity: 1,
            lineTotalCents: 1999,
          },
        ],
        address: ukAddress({ line1: "12 High St", phone: "07700 900123" }),
        shipping: { method: "Express Shipping", date: "Mon 6 Jan 2025", costCents: 850 },
        subtotalCents: 1999,
        taxCents: 200,
        totalCents: 3049,
        taxIncluded: false,
      },
      "USD",
    );
    expect(text).toBe(
      "Order ID: K7QX2M9P\n\nProducts:\n1. Crystal Pro CP 10K (Flavour: Cola Ice, Nicotine: 10mg, Puffs: 5000, Qty: 1) $19.99\n\nAddress:\nHome (HOME)\nSam Taylor\n12 High St\nLeeds\nLS1 1AA\nPhone: 07700 900123\n\nShipping: Express Shipping, Mon 6 Jan 2025\n\nSubtotal: $19.99\nTax: $2.00\nShipping: $8.50\nTotal: $30.49\n\nPlease confirm this order and provide payment details.",
    );
  });
  it("names a flavour line's device and each line's SKU in the order version, the specification's fields kept", () => {
    const text = orderMessage(
      {
        orderId: "K7QX2M9P",
        lines: [
          {
            name: "Blue Razz Ice",
            deviceName: "Crystal Pro CP 10K",
            sku: "CP10K-BRI-20",
            flavour: "Blue Razz Ice",
            nicotineStrength: 20,
            puffCount: null,
            quantity: 2,
            lineTotalCents: 1198,
          },
          {
            name: "Hayati Pro Max 6000",
            deviceName: null,
            sku: "HPM-COLA-20-6000",
            flavour: "Cola Ice",
            nicotineStrength: 20,
            puffCount: 6000,
            quantity: 1,
            lineTotalCents: 1299,
          },
        ],
        address: ukAddress({ line1: "12 High St", phone: "07700 900123" }),
        shipping: { method: "Free Shipping", date: "Mon 6 Jan 2025", costCents: 0 },
        subtotalCents: 2497,
        taxCents: 416,
        totalCents: 2497,
        taxIncluded: true,
      },
      "GBP",
    );
    expect(text).toContain(
      "Products:\n1. Blue Razz Ice (Device: Crystal Pro CP 10K, Flavour: Blue Razz Ice, Nicotine: 20mg, Puffs: -, Qty: 2, SKU: CP10K-BRI-20) £11.98\n2. Hayati Pro Max 6000 (Flavour: Cola Ice, Nicotine: 20mg, Puffs: 6000, Qty: 1, SKU: HPM-COLA-20-6000) £12.99\n\nAddress:",
    );
    expect(text).toMatch(/\n\nPlease confirm this order and provide payment details\.$/);
  });
  it("with VAT-inclusive prices both versions give the total and then the VAT it includes", () => {
    const cart = cartMessage(
      "Vapour Lane",
      [{ name: "Pod", flavour: "Cola Ice", nicotineStrength: 20, quantity: 1, lineTotalCents: 1200 }],
      { subtotalCents: 1200, taxCents: 200, totalCents: 1200, taxIncluded: true },
      "GBP",
    );
    expect(cart).toContain("\n\nSubtotal: £12.00\nTotal: £12.00\nIncludes VAT: £2.00\n\nThank you!");
    expect(cart).not.toContain("Tax:");
    const order = orderMessage(
      {
        orderId: "K7QX2M9P",
        lines: [
          {
            name: "Pod",
            flavour: "Cola Ice",
            nicotineStrength: 20,
            puffCount: null,
            quantity: 1,
            lineTotalCents: 1200,
          },
        ],
        address: ukAddress({ line1: "12 High St", phone: "07700 900123" }),
        shipping: { method: "Express Shipping", date: "Mon 6 Jan 2025", costCents: 850 },
        subtotalCents: 1200,
        taxCents: 342,
        totalCents: 2050,
        taxIncluded: true,
      },
      "GBP",
    );
    expect(order).toContain(
      "\n\nSubtotal: £12.00\nShipping: £8.50\nTotal: £20.50\nIncludes VAT: £3.42\n\nPlease confirm",
    );
  });
});
