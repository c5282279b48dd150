import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { CHART_DAYS, loadDashboard } from "../dashboard/dashboard.service.server";
import { listAdminOrders, readOrderFilters } from "./orders-admin.service.server";
import { alice, insertOrder, insertUsers, staff } from "./testing/orders-fixture";

const owner = { ...staff, staffRoles: ["owner" as const] };

// On Sunday 25 October 2026 the UK clocks go back at 01:00 UTC: that day begins at 23:00 UTC on the 24th (00:00 BST)
// and ends at 00:00 UTC on the 26th (00:00 GMT), 25 hours later.
describeEachDatabase("back office: the day the clocks go back", (testDb) => {
  beforeAll(async () => {
    const { db } = testDb();
    await insertUsers(db, [staff, alice]);
    await insertOrder(db, { id: "LATE24AA", userId: alice.id, createdAt: "2026-10-24T22:30:00.000Z", totalCents: 400 }); // 23:30 BST on the 24th
    await insertOrder(db, {
      id: "EARLY25A",
      userId: alice.id,
      createdAt: "2026-10-24T23:30:00.000Z",
      totalCents: 1000,
    }); // 00:30 BST on the 25th
    await insertOrder(db, {
      id: "LATE25AA",
      userId: alice.id,
      createdAt: "2026-10-25T23:30:00.000Z",
      totalCents: 2000,
    }); // 23:30 GMT on the 25th
    await insertOrder(db, {
      id: "EARLY26A",
      userId: alice.id,
      createdAt: "2026-10-26T00:30:00.000Z",
      totalCents: 8000,
    }); // 00:30 GMT on the 26th
  });

  const ids = async (query: string) =>
    (
      await listAdminOrders(testDb().db, staff, readOrderFilters(new URL(`http://shop.test/admin/orders?${query}`)))
    ).orders.map((o) => o.id);

  it("filters orders by the shop's days, all 25 hours of 25 October", async () => {
    expect(await ids("from=2026-10-25&to=2026-10-25")).toEqual(["LATE25AA", "EARLY25A"]);
    expect(await ids("from=2026-10-24&to=2026-10-24")).toEqual(["LATE24AA"]);
    expect(await ids("from=2026-10-26")).toEqual(["EARLY26A"]);
    expect(await ids("to=2026-10-24")).toEqual(["LATE24AA"]);
  });

  it("counts an order placed at 00:30 BST on 25 October in that day's sales", async () => {
    // Saturday 7 November: the chart's 14 days begin on 25 October.
    const { sales } = await loadDashboard(testDb().db, owner, new Date("2026-11-07T12:00:00Z"));
    expect(sales).toHaveLength(CHART_DAYS);
    expect(sales![0]).toEqual({ day: "2026-10-25", orders: 2, revenueCents: 3000 });
    expect(sales![1]).toEqual({ day: "2026-10-26", orders: 1, revenueCents: 8000 });
  });

  it("counts it in today's orders when today is 25 October", async () => {
    const dashboard = await loadDashboard(testDb().db, owner, new Date("2026-10-25T12:00:00Z"));
    expect(dashboard.today).toEqual({ orders: 2, revenueCents: 3000 });
    expect(dashboard.sales!.at(-1)).toEqual({ day: "2026-10-25", orders: 2, revenueCents: 3000 });
  });
});
