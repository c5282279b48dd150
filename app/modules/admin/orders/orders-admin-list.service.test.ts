import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { getAdminOrder, listAdminOrders, readOrderFilters } from "./orders-admin.service.server";
import { alice, bob, insertOrder, insertUsers, staff } from "./testing/orders-fixture";

const filtersFrom = (query: string) => readOrderFilters(new URL(`http://shop.test/admin/orders?${query}`));

describeEachDatabase("back-office orders: list and detail", (testDb) => {
  beforeAll(async () => {
    const { db } = testDb();
    await insertUsers(db, [staff, alice, bob]);
    await insertOrder(db, {
      id: "ALCE2AAA",
      userId: alice.id,
      createdAt: "2026-11-01T10:00:00.000Z",
      totalCents: 1000,
    });
    // 23:30 UTC on 10 November is still 10 November in London (GMT).
    await insertOrder(db, {
      id: "ALCE3BBB",
      userId: alice.id,
      createdAt: "2026-11-10T23:30:00.000Z",
      totalCents: 5000,
      status: "confirmed",
      paymentStatus: "paid",
    });
    // 23:30 UTC on 15 July is already 16 July in London (BST).
    await insertOrder(db, {
      id: "BBBB4CCC",
      userId: bob.id,
      createdAt: "2026-07-15T23:30:00.000Z",
      totalCents: 2500,
      status: "delivered",
      paymentStatus: "paid",
    });
    await insertOrder(db, {
      id: "BBBB5DDD",
      userId: bob.id,
      createdAt: "2026-11-20T12:00:00.000Z",
      totalCents: 300,
      status: "cancelled",
    });
  });
  const ids = async (query: string) =>
    (await listAdminOrders(testDb().db, staff, filtersFrom(query))).orders.map((o) => o.id);

  it("lists every order for staff, newest first, with its customer, statuses and total", async () => {
    const list = await listAdminOrders(testDb().db, staff, filtersFrom(""));
    expect(list).toMatchObject({ total: 4, page: 1, totalPages: 1, offset: 0 });
    expect(list.orders.map((o) => o.id)).toEqual(["BBBB5DDD", "ALCE3BBB", "ALCE2AAA", "BBBB4CCC"]);
    expect(list.orders[1]).toEqual({
      id: "ALCE3BBB",
      createdAt: "2026-11-10T23:30:00.000Z",
      customer: { id: "alice", name: "Alice Archer", email: "alice@example.com" },
      status: "confirmed",
      paymentStatus: "paid",
      totalCents: 5000,
      currency: "GBP",
    });
  });

  it("filters by status, payment, customer name or email, and London dates", async () => {
    expect(await ids("status=pending")).toEqual(["ALCE2AAA"]);
    expect(await ids("payment=paid")).toEqual(["ALCE3BBB", "BBBB4CCC"]);
    expect(await ids("status=cancelled&payment=paid")).toEqual([]);
    expect(await ids("customer=ALICE")).toEqual(["ALCE3BBB", "ALCE2AAA"]);
    expect(await ids("customer=shop.example")).toEqual(["BBBB5DDD", "BBBB4CCC"]);
    expect(await ids("customer=%3Cb%3E")).toEqual(["BBBB5DDD", "BBBB4CCC"]);
    expect(await ids("customer=%25")).toEqual([]);
    expect(await ids("from=2026-11-10&to=2026-11-10")).toEqual(["ALCE3BBB"]);
    expect(await ids("from=2026-07-16&to=2026-07-16")).toEqual(["BBBB4CCC"]);
    expect(await ids("to=2026-07-15")).toEqual([]);
    expect(await ids("from=2026-11-02")).toEqual(["BBBB5DDD", "ALCE3BBB"]);
  });

  it("searches by order id, exact or its beginning, in any case", async () => {
    expect(await ids("q=alce")).toEqual(["ALCE3BBB", "ALCE2AAA"]);
    expect(await ids("q=alce2aaa")).toEqual(["ALCE2AAA"]);
    expect(await ids("q=%23BBBB5DDD")).toEqual(["BBBB5DDD"]);
    expect(await ids("q=ZZZ")).toEqual([]);
    expect(await ids("q=A%25")).toEqual([]);
    expect(await ids("q=ALCE2AAA9")).toEqual([]);
  });

  it("ignores filter values that make no sense instead of failing", async () => {
    const filters = filtersFrom(
      "status=shipped&payment=free&from=2026-02-30&to=yesterday&sort=password&dir=sideways&page=abc",
    );
    expect(filters).toMatchObject({ status: "", payment: "", from: "", to: "", sort: "date", dir: "desc" });
    expect(
      await ids("status=shipped&payment=free&from=2026-02-30&to=yesterday&sort=password&dir=sideways&page=abc"),
    ).toEqual(await ids(""));
    expect(await ids("status=__proto__&from=%27%3B%20drop%20table%20orders%3B--")).toHaveLength(4);
  });

  it("sorts by total, by status (in the order's life) and by date, either way", async () => {
    expect(await ids("sort=total&dir=asc")).toEqual(["BBBB5DDD", "ALCE2AAA", "BBBB4CCC", "ALCE3BBB"]);
    expect(await ids("sort=total&dir=desc")).toEqual(["ALCE3BBB", "BBBB4CCC", "ALCE2AAA", "BBBB5DDD"]);
    expect(await ids("sort=status&dir=asc")).toEqual(["ALCE2AAA", "ALCE3BBB", "BBBB4CCC", "BBBB5DDD"]);
    expect(await ids("sort=date&dir=asc")).toEqual(["BBBB4CCC", "ALCE2AAA", "ALCE3BBB", "BBBB5DDD"]);
  });

  it("shows one order in full with its customer and history; unknown or malformed ids are not found", async () => {
    const found = await getAdminOrder(testDb().db, staff, "ALCE3BBB");
    expect(found).toMatchObject({
      order: {
        id: "ALCE3BBB",
        status: "confirmed",
        paymentStatus: "paid",
        totalCents: 5000,
        lines: [{ name: "Blue Razz", quantity: 1 }],
        address: { title: "Home" },
      },
      customer: { id: "alice", name: "Alice Archer", email: "alice@example.com" },
      events: [],
    });
    expect(await getAdminOrder(testDb().db, staff, "ZZZZ2222")).toBeNull();
    expect(await getAdminOrder(testDb().db, staff, "alce3bbb")).toBeNull();
    expect(await getAdminOrder(testDb().db, staff, "../../etc")).toBeNull();
  });

  it("refuses customers and signed-out callers", async () => {
    for (const actor of [alice, null]) {
      await expect(listAdminOrders(testDb().db, actor, filtersFrom(""))).rejects.toBeInstanceOf(StaffOnlyError);
      await expect(getAdminOrder(testDb().db, actor, "ALCE3BBB")).rejects.toBeInstanceOf(StaffOnlyError);
    }
  });

  it("pages 20 at a time; a page past the end shows the last one", async () => {
    const { db } = testDb();
    for (let i = 0; i < 21; i++)
      await insertOrder(db, { userId: alice.id, createdAt: `2026-10-${String(i + 1).padStart(2, "0")}T09:00:00.000Z` });
    const first = await listAdminOrders(db, staff, filtersFrom(""));
    expect(first).toMatchObject({ total: 25, page: 1, totalPages: 2, offset: 0 });
    expect(first.orders).toHaveLength(20);
    const last = await listAdminOrders(db, staff, filtersFrom("page=99"));
    expect(last).toMatchObject({ page: 2, offset: 20 });
    expect(last.orders).toHaveLength(5);
    expect(new Set([...first.orders, ...last.orders].map((o) => o.id)).size).toBe(25);
  });
});
