import { describe, expect, it } from "vitest";
import { orderConfirmationJob } from "./orders.jobs";

describe("the order confirmation job's payload", () => {
  const line = { name: "Pod", nicotineStrength: 20, puffCount: null, quantity: 1, lineTotalCents: 1200 };
  const payload = (lines: object[]) => ({
    to: "cas@example.com",
    shopName: "Vapour Lane",
    order: {
      id: "ABCD2345",
      address: { title: "Home", type: "HOME", address: "1 Test Street", phone: "07700900111" },
      shipping: { method: "Free Shipping", deliveryDate: "2026-12-01", costCents: 0 },
      subtotalCents: 1200,
      taxCents: 200,
      taxIncluded: true,
      totalCents: 1200,
      lines,
    },
  });

  it("reads a job queued before the code said 'flavour' (its lines carry `flavor`) as the same order", () => {
    const parsed = orderConfirmationJob.payload.parse(payload([{ ...line, flavor: "Cola Ice" }]));
    expect(parsed.order.lines).toEqual([{ ...line, flavour: "Cola Ice" }]);
  });

  it("refuses a line with no flavour at all", () => {
    expect(orderConfirmationJob.payload.safeParse(payload([line])).success).toBe(false);
  });

  it("reads a confirmation queued before the UK address (free text in `address`) as line 1, and a new one as written", () => {
    const queuedBefore = orderConfirmationJob.payload.parse(payload([{ ...line, flavour: "Cola Ice" }]));
    expect(queuedBefore.order.address).toEqual({
      title: "Home",
      type: "HOME",
      recipient: "",
      line1: "1 Test Street",
      line2: "",
      town: "",
      postcode: "",
      phone: "07700900111",
    });
    const address = {
      title: "",
      type: "HOME",
      recipient: "Sam Taylor",
      line1: "12 High Street",
      line2: "Flat 2",
      town: "Leeds",
      postcode: "LS1 1AA",
      phone: "07700900111",
    };
    const queued = payload([{ ...line, flavour: "Cola Ice" }]);
    const now = orderConfirmationJob.payload.parse({ ...queued, order: { ...queued.order, address } });
    expect(now.order.address).toEqual(address);
  });
});
