import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

type Db = InstanceType<typeof Database>;

/** Set-up straight in the e2e server's database, as one short connection that waits for the shop's locks. */
function inShopDb(change: (db: Db) => void) {
  const db = new Database(`${E2E_DIR}/shop.db`);
  try {
    db.pragma("busy_timeout = 5000");
    change(db);
  } finally {
    db.close();
  }
}

/**
 * Records the order's payment (its total) a second before `at` and its dispatch at `at`, with the events staff would
 * have left (so the history reads in that order: paid, then dispatched).
 */
function paidAndDispatched(db: Db, orderId: string, at: string) {
  const paidAt = new Date(Date.parse(at) - 1000).toISOString();
  db.prepare(
    "insert into order_payments (order_id, method, reference, amount_cents, currency, recorded_at, recorded_by_id, recorded_by_name) select id, 'bank-transfer', 'SET-UP', total_cents, currency, ?, null, 'Set-up' from orders where id = ?",
  ).run(paidAt, orderId);
  db.prepare(
    "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'payment_status', 'pending', 'paid', null, 'Set-up', ?)",
  ).run(`e2e-p-${orderId}`, orderId, paidAt);
  db.prepare(
    "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'status', 'confirmed', 'dispatched', null, 'Set-up', ?)",
  ).run(`e2e-d-${orderId}`, orderId, at);
}

/**
 * Marks an order paid, dispatched and then delivered `daysAgo` days ago, straight in the e2e server's database, as
 * staff would have (set-up only: the payment and the dispatch, with its age check, are journeys of their own:
 * payment.spec.ts, admin.spec.ts). Nothing is dispatched unpaid (docs/decisions/045), so the payment comes first.
 */
export function markDelivered(orderId: string, daysAgo: number) {
  inShopDb((db) => {
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    db.prepare("update orders set status = 'delivered', payment_status = 'paid', updated_at = ? where id = ?").run(
      at,
      orderId,
    );
    paidAndDispatched(db, orderId, at);
    db.prepare(
      "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'status', 'dispatched', 'delivered', null, 'Set-up', ?)",
    ).run(`e2e-v-${orderId}`, orderId, at);
  });
}

/**
 * Marks an order paid and dispatched now with this courier and tracking number, as staff would have (set-up only, as
 * markDelivered; staff dispatching through the back office is admin.spec.ts's and payment.spec.ts's journey).
 */
export function markDispatched(orderId: string, dispatch: { courier: string; trackingNumber: string }) {
  inShopDb((db) => {
    const at = new Date().toISOString();
    db.prepare(
      "update orders set status = 'dispatched', payment_status = 'paid', courier = ?, tracking_number = ?, updated_at = ? where id = ?",
    ).run(dispatch.courier, dispatch.trackingNumber, at, orderId);
    paidAndDispatched(db, orderId, at);
  });
}
