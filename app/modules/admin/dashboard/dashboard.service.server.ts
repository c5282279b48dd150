import type { Db } from "~/db/database.server";
import { addDays, shopDate, shopDayStart, weekStart } from "~/lib/shop-time";
import * as repo from "./dashboard.repository.server";

export type DayTotal = { day: string; orders: number; revenueCents: number };
export type Dashboard = {
  today: { orders: number; revenueCents: number };
  week: { orders: number; revenueCents: number };
  awaitingConfirmation: number;
  unhandledMessages: number;
  /** The shop's last 14 days, oldest first, every day present. */
  sales: DayTotal[];
};

export const CHART_DAYS = 14;

/**
 * What staff see first: today's and this week's orders and revenue (the shop's days, weeks from Monday; cancelled
 * orders count for neither), orders waiting for confirmation, unhandled messages, and 14 days of sales.
 */
export async function loadDashboard(db: Db, now = new Date()): Promise<Dashboard> {
  const today = shopDate(now);
  const chartFrom = addDays(today, -(CHART_DAYS - 1));
  const monday = weekStart(today);
  const from = [chartFrom, monday].sort()[0]!;
  const [recent, pending, messages] = await Promise.all([
    repo.findOrdersSince(db, shopDayStart(from).toISOString()),
    repo.countPendingOrders(db),
    repo.countUnhandledMessages(db),
  ]);
  const byDay = new Map<string, DayTotal>();
  for (let i = 0; i < CHART_DAYS; i++) {
    const day = addDays(chartFrom, i);
    byDay.set(day, { day, orders: 0, revenueCents: 0 });
  }
  const summary = { today: { orders: 0, revenueCents: 0 }, week: { orders: 0, revenueCents: 0 } };
  for (const order of recent) {
    const day = shopDate(order.created_at);
    const add = (into: { orders: number; revenueCents: number }) => {
      into.orders += 1;
      into.revenueCents += order.total_cents;
    };
    const bucket = byDay.get(day);
    if (bucket) add(bucket);
    if (day === today) add(summary.today);
    if (day >= monday && day <= today) add(summary.week);
  }
  return { ...summary, awaitingConfirmation: pending, unhandledMessages: messages, sales: [...byDay.values()] };
}
