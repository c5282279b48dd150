import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

/**
 * Marks an order paid, dispatched and then delivered `daysAgo` days ago, straight in the e2e server's database, as
 * staff would have (set-up only: the payment and the dispatch, with its age check, are journeys of their own:
 * payment.spec.ts, admin.spec.ts). Nothing is dispatched unpaid (docs/decisions/045), so the payment comes first.
 */
export function markDelivered(orderId: string, daysAgo: number) {
  const db = new Database(`${E2E_DIR}/shop.db`);
  try {
    db.pragma("busy_timeout = 5000");
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    db.prepare("update orders set status = 'delivered', payment_status = 'paid', updated_at = ? where id = ?").run(
      at,
      orderId,
    );
    db.prepare(
      "insert into order_payments (order_id, method, reference, amount_cents, currency, recorded_at, recorded_by_id, recorded_by_name) select id, 'bank-transfer', 'SET-UP', total_cents, currency, ?, null, 'Set-up' from orders where id = ?",
    ).run(at, orderId);
    const event = db.prepare(
      "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'status', ?, ?, null, 'Set-up', ?)",
    );
    db.prepare(
      "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'payment_status', 'pending', 'paid', null, 'Set-up', ?)",
    ).run(`e2e-p-${orderId}`, orderId, at);
    event.run(`e2e-d-${orderId}`, orderId, "confirmed", "dispatched", at);
    event.run(`e2e-v-${orderId}`, orderId, "dispatched", "delivered", at);
  } finally {
    db.close();
  }
}
