/**
 * The Reports page's queries (docs/decisions/081): the rows of a period, bounded by UTC instants; the grouping by the
 * shop's days is done in TypeScript, the same on SQLite and PostgreSQL.
 */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";

/**
 * Orders placed in [from, to) that count as sales (not cancelled with no money taken), with the units of their lines
 * and how they were paid (null: not yet).
 */
export const findSales = (db: Db, from: string, to: string) =>
  db
    .selectFrom("orders as o")
    .leftJoin("order_payments as p", "p.order_id", "o.id")
    .select([
      "o.id",
      "o.created_at",
      "o.total_cents",
      "o.tax_cents",
      "o.shipping_cents",
      "p.method",
      (eb) =>
        eb
          .selectFrom("order_lines as l")
          .select(sql<number | string | null>`sum(l.quantity)`.as("units"))
          .whereRef("l.order_id", "=", "o.id")
          .as("items"),
    ])
    .where("o.created_at", ">=", from)
    .where("o.created_at", "<", to)
    .where((eb) => eb.or([eb("o.status", "!=", "cancelled"), eb("o.payment_status", "!=", "pending")]))
    .execute();

/**
 * Refunds made in [from, to): those the provider took or confirmed and those staff recorded (never one requested or
 * failed), with their order's total and VAT.
 */
export const findRefunds = (db: Db, from: string, to: string) =>
  db
    .selectFrom("refunds as r")
    .innerJoin("orders as o", "o.id", "r.order_id")
    .select(["r.created_at", "r.amount_cents", "r.method", "o.total_cents", "o.tax_cents"])
    .where("r.state", "in", ["sent", "confirmed"])
    .where("r.created_at", ">=", from)
    .where("r.created_at", "<", to)
    .execute();

/**
 * Refunds staff noted on a recorded payment before refunds had a table of their own (order_payments.refunded_*):
 * only those with no refund row for their order, so that none is counted twice.
 */
export const findEarlierRefunds = (db: Db, from: string, to: string) =>
  db
    .selectFrom("order_payments as p")
    .innerJoin("orders as o", "o.id", "p.order_id")
    .select(["p.refunded_at", "p.refunded_cents", "p.method", "o.total_cents", "o.tax_cents"])
    .where("p.refunded_cents", "is not", null)
    .where("p.refunded_at", ">=", from)
    .where("p.refunded_at", "<", to)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("refunds as r").select("r.id").whereRef("r.order_id", "=", "p.order_id").where("r.state", "!=", "failed"),
        ),
      ),
    )
    .execute();
