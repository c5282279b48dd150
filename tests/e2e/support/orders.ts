import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

/**
 * Marks an order dispatched and then delivered `daysAgo` days ago, straight in the e2e server's database, as staff
 * would have (set-up only: the dispatch itself, with its age check, is a journey of its own).
 */
export function markDelivered(orderId: string, daysAgo: number) {
  const db = new Database(`${E2E_DIR}/shop.db`);
  try {
    db.pragma("busy_timeout = 5000");
    const at = new Date(Date.now() - daysAgo * 86_400_000).toISOString();
    db.prepare("update orders set status = 'delivered', updated_at = ? where id = ?").run(at, orderId);
    const event = db.prepare(
      "insert into order_events (id, order_id, field, from_value, to_value, by_user_id, by_name, created_at) values (?, ?, 'status', ?, ?, null, 'Set-up', ?)",
    );
    event.run(`e2e-d-${orderId}`, orderId, "confirmed", "dispatched", at);
    event.run(`e2e-v-${orderId}`, orderId, "dispatched", "delivered", at);
  } finally {
    db.close();
  }
}
