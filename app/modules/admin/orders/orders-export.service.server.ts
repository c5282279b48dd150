/** The orders CSV (issue 64, docs/decisions/081): the orders list's filters as a file, one row per order. */
import type { Db } from "~/db/database.server";
import { csvFile, pence } from "~/lib/csv.server";
import { shopDate, shopTimeZone } from "~/lib/shop-time";
import type { SessionUser } from "~/modules/accounts/accounts";
import { assertAllowed, auditActorOf } from "~/modules/accounts/staff";
import { recordAudit } from "~/modules/audit/audit.service.server";
import { statusLabel } from "~/modules/orders/order-status";
import { paymentMethodLabels, type PaymentMethod } from "~/modules/orders/payments";
import type { OrderFilters } from "./orders-admin";
import * as repo from "./orders-admin.repository.server";

/** The most orders one CSV download holds (a narrower filter gives the rest). */
export const ORDERS_CSV_MAX_ROWS = 100_000;

export const ordersCsvHeader = [
  "Order",
  "Placed (London)",
  "Customer",
  "Status",
  "Payment",
  "Payment method",
  "Items",
  "Subtotal",
  "Shipping",
  "Total",
  "VAT",
  "Refunded",
] as const;

/** "2026-11-29 14:05" on the shop's clock: sorts as text, and spreadsheets read it as a date and time. */
function shopDateTimes(): (at: string) => string {
  const clock = new Intl.DateTimeFormat("en-GB", {
    timeZone: shopTimeZone(),
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return (at) => `${shopDate(at)} ${clock.format(new Date(at))}`;
}

/**
 * The orders the list's filters find as CSV, newest first (issue 64; "orders.manage"): one row per order with its
 * amounts in decimal pounds. Each download is an audit entry ("orders.export": the filters and how many rows; the
 * customer search's text is left out, as it may be a name or an e-mail).
 */
export async function ordersCsv(
  db: Db,
  actor: SessionUser | null,
  filters: OrderFilters,
): Promise<{ csv: string; fileName: string; rows: number }> {
  assertAllowed(actor, "orders.manage");
  const rows = await repo.findOrdersForExport(db, filters, ORDERS_CSV_MAX_ROWS);
  const shopDateTime = shopDateTimes();
  const records = rows.map((r) => {
    const refunded = Number(r.refunded_cents ?? 0) || Number(r.noted_refund_cents ?? 0);
    return [
      r.id,
      shopDateTime(r.created_at),
      r.name,
      statusLabel("status", r.status),
      statusLabel("paymentStatus", r.payment_status),
      r.method ? paymentMethodLabels[r.method as PaymentMethod] : "",
      Number(r.items ?? 0),
      pence(Number(r.subtotal_cents)),
      pence(Number(r.shipping_cents)),
      pence(Number(r.total_cents)),
      pence(Number(r.tax_cents)),
      pence(refunded),
    ];
  });
  await recordAudit(db, auditActorOf(actor), {
    action: "orders.export",
    entity: "order",
    details: {
      rows: records.length,
      ...(filters.status && { status: filters.status }),
      ...(filters.payment && { payment: filters.payment }),
      ...(filters.from && { from: filters.from }),
      ...(filters.to && { to: filters.to }),
      ...(filters.q && { q: filters.q }),
      searchedCustomer: filters.customer !== "",
    },
  });
  const fileName = `orders-${filters.from || "start"}-to-${filters.to || shopDate()}.csv`;
  return { csv: csvFile(ordersCsvHeader, records), fileName, rows: records.length };
}
