/** The back office's order queries: the filtered list and one order's customer (its steps: orders' transitionOrder). */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import { likeMatch, likePattern } from "~/db/like.server";
import { orderStatuses } from "~/modules/orders/orders";
import { addDays, shopDayStart } from "~/lib/shop-time";
import type { OrderFilters } from "./orders-admin";

type OrderQuery = ReturnType<typeof ordersWithCustomers>;
const ordersWithCustomers = (db: Db) => db.selectFrom("orders as o").innerJoin("user as u", "u.id", "o.user_id");

/**
 * The Payment filter: a payment status, or what the order's card money is doing, read from the payments module's
 * tables (refunds, payment_attempts) as the dashboard's figures count them (card-payments.repository.server.ts).
 */
function paymentFiltered(query: OrderQuery, payment: OrderFilters["payment"]): OrderQuery {
  switch (payment) {
    case "":
      return query;
    case "partly-refunded":
      return query
        .where("o.payment_status", "=", "paid")
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom("refunds as r")
              .select("r.id")
              .whereRef("r.order_id", "=", "o.id")
              .where("r.state", "!=", "failed"),
          ),
        );
    case "being-confirmed":
      return query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("payment_attempts as a")
            .select("a.id")
            .whereRef("a.order_id", "=", "o.id")
            .where("a.state", "in", ["pending", "authorised"]),
        ),
      );
    case "refund-in-flight":
      return query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom("refunds as r")
            .select("r.id")
            .whereRef("r.order_id", "=", "o.id")
            .where("r.state", "in", ["requested", "sent"]),
        ),
      );
    default:
      return query.where("o.payment_status", "=", payment);
  }
}

function filtered(db: Db, filters: OrderFilters) {
  let query = ordersWithCustomers(db);
  if (filters.status) query = query.where("o.status", "=", filters.status);
  query = paymentFiltered(query, filters.payment);
  // Days are the shop's days (app/lib/shop-time.ts): "to" includes the whole of that day.
  if (filters.from) query = query.where("o.created_at", ">=", shopDayStart(filters.from).toISOString());
  if (filters.to) query = query.where("o.created_at", "<", shopDayStart(addDays(filters.to, 1)).toISOString());
  if (filters.customer) {
    const pattern = likePattern(filters.customer);
    query = query.where((eb) => eb.or([likeMatch("u.name", pattern), likeMatch("u.email", pattern)]));
  }
  if (filters.q) {
    // Order IDs are upper case letters and digits: the search is that id or its beginning, in any case.
    const id = filters.q.replace(/^#/, "").toUpperCase();
    query = /^[A-Z0-9]{1,8}$/.test(id) ? query.where("o.id", "like", `${id}%`) : query.where(sql<boolean>`1 = 0`);
  }
  return query;
}

export async function countOrders(db: Db, filters: OrderFilters): Promise<number> {
  const counted = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(counted.n);
}

/** One page of the filtered orders with their customers, sorted as asked (newest first within it). */
export function findOrderPage(db: Db, filters: OrderFilters, limit: number, offset: number) {
  const query = filtered(db, filters);
  const rank = sql<number>`case ${sql.ref("o.status")} ${sql.join(
    orderStatuses.map((s, i) => sql`when ${sql.lit(s)} then ${sql.lit(i)}`),
    sql` `,
  )} else 99 end`;
  const sorted =
    filters.sort === "total"
      ? query.orderBy("o.total_cents", filters.dir)
      : filters.sort === "status"
        ? query.orderBy(rank, filters.dir)
        : query.orderBy("o.created_at", filters.dir);
  return sorted
    .select([
      "o.id",
      "o.created_at",
      "o.status",
      "o.payment_status",
      "o.total_cents",
      "o.currency",
      "u.id as user_id",
      "u.name",
      "u.email",
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export const findOrderCustomer = (db: Db, orderId: string) =>
  db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["u.id", "u.name", "u.email", "u.deletedAt"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();

/** The order's state and who to e-mail about it. */
export const findOrderState = (db: Db, orderId: string) =>
  db
    .selectFrom("orders as o")
    .innerJoin("user as u", "u.id", "o.user_id")
    .select(["o.status", "o.payment_status", "o.user_id", "u.email", "u.name", "u.firstName"])
    .where("o.id", "=", orderId)
    .executeTakeFirst();

/**
 * The filtered orders for the orders CSV (at most `limit`), newest first, each with its customer's name, how it was
 * paid, its units, and what was refunded: refunds the provider took or staff recorded, else the amount noted on an
 * earlier recorded payment.
 */
export function findOrdersForExport(db: Db, filters: OrderFilters, limit: number) {
  return filtered(db, filters)
    .leftJoin("order_payments as p", "p.order_id", "o.id")
    .select([
      "o.id",
      "o.created_at",
      "o.status",
      "o.payment_status",
      "o.subtotal_cents",
      "o.shipping_cents",
      "o.total_cents",
      "o.tax_cents",
      "o.currency",
      "u.name",
      "p.method",
      "p.refunded_cents as noted_refund_cents",
      (eb) =>
        eb
          .selectFrom("order_lines as l")
          .select(sql<number | string | null>`sum(l.quantity)`.as("units"))
          .whereRef("l.order_id", "=", "o.id")
          .as("items"),
      (eb) =>
        eb
          .selectFrom("refunds as r")
          .select(sql<number | string | null>`sum(r.amount_cents)`.as("refunded"))
          .whereRef("r.order_id", "=", "o.id")
          .where("r.state", "in", ["sent", "confirmed"])
          .as("refunded_cents"),
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id")
    .limit(limit)
    .execute();
}
