import { describe, expect, it } from "vitest";
import { formatDay } from "~/lib/shop-time";
import { lastReturnDay, returnWindow } from "./returns";

describe("the 14-day return window", () => {
  // Delivered at 23:30 UTC on 1 July: already 2 July in London (summer time), so the 14 days run to 16 July.
  const deliveredAt = "2026-07-01T23:30:00.000Z";
  it("counts fourteen UK days after the day of delivery", () => {
    expect(lastReturnDay(deliveredAt)).toBe("2026-07-16");
    expect(returnWindow({ status: "delivered", deliveredAt }, null, new Date("2026-07-16T22:59:00Z"))).toEqual({
      open: true,
      lastDay: "2026-07-16",
    });
    expect(returnWindow({ status: "delivered", deliveredAt }, null, new Date("2026-07-16T23:00:00Z"))).toEqual({
      open: false,
      lastDay: "2026-07-16",
    });
  });
  it("is open while the order is on its way, and closed once a return was asked for or before dispatch", () => {
    expect(returnWindow({ status: "dispatched", deliveredAt: null }, null)).toEqual({ open: true, lastDay: null });
    const asked = {
      status: "requested",
      reason: "x",
      staffNote: null,
      requestedAt: deliveredAt,
      decidedAt: null,
    } as const;
    expect(returnWindow({ status: "delivered", deliveredAt }, asked, new Date("2026-07-03T10:00:00Z")).open).toBe(
      false,
    );
    expect(returnWindow({ status: "confirmed", deliveredAt: null }, null).open).toBe(false);
    expect(returnWindow({ status: "delivered", deliveredAt: null }, null).open).toBe(false);
  });
  it("writes the last day out", () => {
    expect(formatDay("2026-07-16")).toBe("Thu 16 Jul 2026");
  });
});
