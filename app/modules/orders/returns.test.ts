import { describe, expect, it } from "vitest";
import { failFields } from "~/lib/result";
import { formatDay } from "~/lib/shop-time";
import {
  addMonths,
  faultWindow,
  lastReturnDay,
  readReturnLines,
  remediesIn,
  returnMessages,
  returnRefund,
  returnWindow,
} from "./returns";

describe("the 14-day return window", () => {
  // Delivered at 23:30 UTC on 1 July: already 2 July in London (summer time), so the 14 days run to 16 July.
  const deliveredAt = "2026-07-01T23:30:00.000Z";
  it("counts fourteen UK days after the day of delivery", () => {
    expect(lastReturnDay(deliveredAt)).toBe("2026-07-16");
    expect(returnWindow({ status: "delivered", deliveredAt }, new Date("2026-07-16T22:59:00Z"))).toEqual({
      open: true,
      lastDay: "2026-07-16",
    });
    expect(returnWindow({ status: "delivered", deliveredAt }, new Date("2026-07-16T23:00:00Z"))).toEqual({
      open: false,
      lastDay: "2026-07-16",
    });
  });
  it("is open while the order is on its way, and closed before dispatch", () => {
    expect(returnWindow({ status: "dispatched", deliveredAt: null })).toEqual({ open: true, lastDay: null });
    expect(returnWindow({ status: "confirmed", deliveredAt: null }).open).toBe(false);
    expect(returnWindow({ status: "delivered", deliveredAt: null }).open).toBe(false);
  });
  it("writes the last day out", () => {
    expect(formatDay("2026-07-16")).toBe("Thu 16 Jul 2026");
  });
});

describe("a faulty item's window (Consumer Rights Act 2015), on a fixed clock", () => {
  const deliveredAt = "2026-03-02T10:00:00.000Z";
  it("offers a refund up to 30 days after delivery, then a repair or replacement up to 6 months, then nothing", () => {
    const day30 = faultWindow(deliveredAt, new Date("2026-04-01T20:00:00Z"));
    expect(day30).toEqual({ state: "reject", rejectUntil: "2026-04-01", repairUntil: "2026-09-02" });
    expect(remediesIn(day30)).toEqual(["refund", "repair", "replacement"]);
    const day31 = faultWindow(deliveredAt, new Date("2026-04-02T08:00:00Z"));
    expect(day31).toEqual({ state: "repair", repairUntil: "2026-09-02" });
    expect(remediesIn(day31)).toEqual(["repair", "replacement"]);
    expect(faultWindow(deliveredAt, new Date("2026-09-02T21:00:00Z")).state).toBe("repair");
    expect(faultWindow(deliveredAt, new Date("2026-09-03T08:00:00Z")).state).toBe("ended");
    expect(remediesIn(faultWindow(deliveredAt, new Date("2026-12-01T08:00:00Z")))).toEqual([]);
    expect(faultWindow(null).state).toBe("not-delivered");
  });
  it("adds months on the calendar, the month's last day when it is shorter", () => {
    expect(addMonths("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonths("2026-11-15", 6)).toBe("2027-05-15");
  });
});

describe("the customer's return form, line by line", () => {
  const lines = [
    { position: 0, name: "Blue Razz", quantity: 2, unitPriceCents: 500, inReturns: 0 },
    { position: 1, name: "Mango", quantity: 1, unitPriceCents: 700, inReturns: 1 },
  ];
  it("takes some units of some lines, each with its reason", () => {
    expect(readReturnLines(lines, { "qty-0": "1", "reason-0": "Too sweet", "qty-1": "0" })).toEqual({
      ok: true,
      lines: [{ position: 0, quantity: 1, reason: "Too sweet" }],
    });
  });
  it("refuses more than ordered, a line already returned, no reason and nothing at all, under the fields", () => {
    expect(readReturnLines(lines, { "qty-0": "3", "reason-0": "x" })).toEqual(
      failFields({ "qty-0": returnMessages.tooMany(2, 0) }),
    );
    expect(readReturnLines(lines, { "qty-1": "1", "reason-1": "x" })).toEqual(
      failFields({ "qty-1": returnMessages.alreadyInReturn }),
    );
    expect(readReturnLines(lines, { "qty-0": "1", "reason-0": " " })).toEqual(
      failFields({ "reason-0": returnMessages.lineReasonRequired }),
    );
    expect(readReturnLines(lines, { "qty-0": "0" })).toEqual(failFields({ "qty-0": returnMessages.noneChosen }));
    expect(readReturnLines(lines, { "qty-0": "-1", "reason-0": "x" })).toMatchObject({ ok: false });
  });
});

describe("what a return refunds", () => {
  const orderLines = [
    { position: 0, quantity: 2 },
    { position: 1, quantity: 1 },
  ];
  const deliveredAt = "2026-07-01T10:00:00.000Z";
  const line = (position: number, quantity: number, requestedAt = "2026-07-05T10:00:00.000Z") => ({
    position,
    quantity,
    status: "accepted" as const,
    remedy: "refund" as const,
    kind: "change-of-mind" as const,
    requestedAt,
  });
  const base = { orderLines, shippingCents: 395, shippingRefunded: false, deliveredAt };
  it("is the accepted lines' price times their units, without shipping for part of the order", () => {
    expect(
      returnRefund({
        ...base,
        returnLines: [line(0, 1)],
        acceptedNow: [{ quantity: 1, unitPriceCents: 500, remedy: "refund" }],
      }),
    ).toEqual({ linesCents: 500, shippingCents: 0, totalCents: 500 });
  });
  it("adds the shipping charge once the whole order is back within the 14 days, and only once", () => {
    const all = [line(0, 2), line(1, 1)];
    const now = [
      { quantity: 2, unitPriceCents: 500, remedy: "refund" as const },
      { quantity: 1, unitPriceCents: 700, remedy: "refund" as const },
    ];
    expect(returnRefund({ ...base, returnLines: all, acceptedNow: now }).totalCents).toBe(1700 + 395);
    expect(returnRefund({ ...base, shippingRefunded: true, returnLines: all, acceptedNow: now }).totalCents).toBe(1700);
    // Asked for after the 14 days (a faulty item's report): no shipping.
    const late = [line(0, 2), line(1, 1, "2026-07-20T10:00:00.000Z")];
    expect(returnRefund({ ...base, returnLines: late, acceptedNow: now }).shippingCents).toBe(0);
  });
  it("refunds nothing for a line accepted for a repair or a replacement", () => {
    expect(
      returnRefund({
        ...base,
        returnLines: [{ ...line(1, 1), remedy: "repair" }],
        acceptedNow: [{ quantity: 1, unitPriceCents: 700, remedy: "repair" }],
      }).totalCents,
    ).toBe(0);
  });
});
