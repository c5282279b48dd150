import type { Db } from "~/db/database.server";
import { addDays, shopDate, weekStart } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { can } from "~/modules/accounts/permissions";
import { assertAllowed } from "~/modules/accounts/staff";
import { netSalesByDay } from "~/modules/admin/reports/reports.service.server";
import * as repo from "./dashboard.repository.server";

/** A day's orders and its sales net of refunds (docs/decisions/081: the Reports page's figures). */
export type DayTotal = { day: string; orders: number; revenueCents: number };
/** Each panel, or null for a member of staff whose roles do not show it (issue 63): it is not even counted. */
export type Dashboard = {
  /** Sales figures: "orders.manage" (owner, manager). */
  today: { orders: number; revenueCents: number } | null;
  week: { orders: number; revenueCents: number } | null;
  /** The shop's last 14 days, oldest first, every day present. */
  sales: DayTotal[] | null;
  /** "orders.manage". */
  awaitingConfirmation: number | null;
  /** Paid, confirmed orders not dispatched yet: "orders.dispatch" (a packer's panel). */
  toDispatch: number | null;
  /** "messages". */
  unhandledMessages: number | null;
};

export const CHART_DAYS = 14;

const none = Promise.resolve(null);

/**
 * What staff see first, each panel only for those whose roles allow it: today's and this week's orders and revenue
 * net of refunds (the shop's days, weeks from Monday; counted as the Reports page counts them: an order cancelled with
 * no money taken counts for neither, a refund on the day it was made) with 14 days of sales and the orders
 * waiting for confirmation, the paid orders to dispatch, unhandled messages.
 */
export async function loadDashboard(db: Db, staff: SessionUser | null, now = new Date()): Promise<Dashboard> {
  assertAllowed(staff, "back-office");
  const managing = can(staff, "orders.manage");
  const [sales, pending, toDispatch, messages] = await Promise.all([
    managing ? salesFigures(db, now) : none,
    managing ? repo.countPendingOrders(db) : none,
    can(staff, "orders.dispatch") ? repo.countOrdersToDispatch(db) : none,
    can(staff, "messages") ? repo.countUnhandledMessages(db) : none,
  ]);
  return {
    today: sales?.today ?? null,
    week: sales?.week ?? null,
    sales: sales?.sales ?? null,
    awaitingConfirmation: pending,
    toDispatch,
    unhandledMessages: messages,
  };
}

async function salesFigures(db: Db, now: Date) {
  const today = shopDate(now);
  const chartFrom = addDays(today, -(CHART_DAYS - 1));
  const monday = weekStart(today);
  const from = [chartFrom, monday].sort()[0]!;
  const days = await netSalesByDay(db, from, today);
  const summary = { today: { orders: 0, revenueCents: 0 }, week: { orders: 0, revenueCents: 0 } };
  const sales: DayTotal[] = [];
  for (const { day, orders, netCents } of days) {
    const add = (into: { orders: number; revenueCents: number }) => {
      into.orders += orders;
      into.revenueCents += netCents;
    };
    if (day >= chartFrom) sales.push({ day, orders, revenueCents: netCents });
    if (day === today) add(summary.today);
    if (day >= monday) add(summary.week);
  }
  return { ...summary, sales };
}
