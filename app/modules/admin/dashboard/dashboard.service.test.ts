import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { Insertable } from "kysely";
import type { OrdersTable } from "~/db/schema";
import type { OrderStatus, PaymentStatus } from "~/db/values";
import { newId } from "~/lib/ids.server";
import { shopDayStart, weekStart } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import type { StaffRole } from "~/modules/accounts/permissions";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { CHART_DAYS, loadDashboard } from "./dashboard.service.server";

const member = (...staffRoles: StaffRole[]): SessionUser => ({
  id: "dash-staff",
  name: "Sam Lee",
  email: "sam@example.com",
  firstName: "Sam",
  lastName: "Lee",
  dateOfBirth: "1990-01-01",
  role: "staff",
  authProvider: "email",
  staffRoles,
});
const owner = member("owner");

it("finds where the shop's days and weeks begin, in winter and in summer time", () => {
  expect(shopDayStart("2026-01-15").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  expect(shopDayStart("2026-07-15").toISOString()).toBe("2026-07-14T23:00:00.000Z");
  expect(weekStart("2026-11-22")).toBe("2026-11-16"); // a Sunday belongs to the week that began on Monday
  expect(weekStart("2026-11-23")).toBe("2026-11-23");
});

describeEachDatabase("dashboard", (testDb) => {
  // Sunday 22 November 2026, 15:00 in London (GMT).
  const now = new Date("2026-11-22T15:00:00Z");
  beforeAll(async () => {
    const { db } = testDb();
    const stamp = now.toISOString();
    await db
      .insertInto("user")
      .values({
        id: "dash-user",
        name: "Dash",
        email: "dash@example.com",
        emailVerified: 0,
        createdAt: stamp,
        updatedAt: stamp,
        role: "customer",
      })
      .execute();
    const order = (
      createdAt: string,
      totalCents: number,
      status: OrderStatus = "pending",
      paymentStatus: PaymentStatus = "pending",
    ): Insertable<OrdersTable> => ({
      id: newId(8).toUpperCase(),
      user_id: "dash-user",
      idempotency_key: newId(20),
      status,
      payment_status: paymentStatus,
      address_title: "Home",
      address_type: "HOME",
      address_recipient: "Sam Taylor",
      address_line1: "12 High Street",
      address_line2: "",
      address_town: "Leeds",
      address_postcode: "LS1 1AA",
      address_phone: "0770",
      shipping_method: "free",
      delivery_date: "2026-11-30",
      shipping_cents: 0,
      subtotal_cents: totalCents,
      tax_cents: 0,
      total_cents: totalCents,
      created_at: createdAt,
      updated_at: createdAt,
    });
    await db
      .insertInto("orders")
      .values([
        order("2026-11-22T09:00:00.000Z", 1000), // today
        order("2026-11-22T10:00:00.000Z", 2500, "confirmed", "paid"), // today, paid: to dispatch
        order("2026-11-22T11:00:00.000Z", 9900, "cancelled"), // today, but cancelled: not counted
        order("2026-11-16T00:30:00.000Z", 700, "delivered"), // Monday: this week
        order("2026-11-15T23:30:00.000Z", 300, "delivered"), // Sunday before: last week, still in the chart
        order("2026-10-01T12:00:00.000Z", 5000, "delivered"), // outside everything
      ])
      .execute();
    await db
      .insertInto("messages")
      .values([
        {
          id: "m1",
          first_name: "A",
          last_name: "B",
          email: "a@example.com",
          phone: "",
          subject: "Hi",
          message: "Hello",
          handled: 0,
          created_at: now.toISOString(),
        },
        {
          id: "m2",
          first_name: "A",
          last_name: "B",
          email: "a@example.com",
          phone: "",
          subject: "Hi",
          message: "Hello",
          handled: 1,
          created_at: now.toISOString(),
        },
      ])
      .execute();
  });

  it("counts today's and this week's orders and revenue, pending orders and unhandled messages", async () => {
    const dashboard = await loadDashboard(testDb().db, owner, now);
    expect(dashboard.today).toEqual({ orders: 2, revenueCents: 3500 });
    expect(dashboard.week).toEqual({ orders: 3, revenueCents: 4200 });
    expect(dashboard.awaitingConfirmation).toBe(1);
    expect(dashboard.unhandledMessages).toBe(1);
  });

  it("charts every one of the last 14 days, oldest first", async () => {
    const sales = (await loadDashboard(testDb().db, owner, now)).sales!;
    expect(sales).toHaveLength(CHART_DAYS);
    expect(sales[0]!.day).toBe("2026-11-09");
    expect(sales.at(-1)).toEqual({ day: "2026-11-22", orders: 2, revenueCents: 3500 });
    expect(sales.find((d) => d.day === "2026-11-15")).toEqual({ day: "2026-11-15", orders: 1, revenueCents: 300 });
    expect(sales.reduce((sum, d) => sum + d.orders, 0)).toBe(4);
  });

  it("shows a packer the orders to dispatch and no sales figures, pending orders or messages", async () => {
    const dashboard = await loadDashboard(testDb().db, member("packer"), now);
    expect(dashboard).toEqual({
      today: null,
      week: null,
      sales: null,
      awaitingConfirmation: null,
      toDispatch: 1,
      unhandledMessages: null,
    });
  });

  it("shows an age checker none of these panels, a manager all of them, and refuses a customer", async () => {
    expect(Object.values(await loadDashboard(testDb().db, member("age-checker"), now))).toEqual(Array(6).fill(null));
    const manager = await loadDashboard(testDb().db, member("manager"), now);
    expect(manager.today).toEqual({ orders: 2, revenueCents: 3500 });
    expect(manager.unhandledMessages).toBe(1);
    expect(manager.toDispatch).toBe(1);
    await expect(loadDashboard(testDb().db, { ...owner, role: "customer" }, now)).rejects.toThrow(StaffOnlyError);
  });
});
