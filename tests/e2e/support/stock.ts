import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

/**
 * Sets an item's stock straight in the e2e server's database (set-up only: what the journeys check happens through
 * the pages), and drops cached pages as every catalogue write does. Returns the flavour's id and name.
 */
export function setFlavourStock(deviceSlug: string, quantity: number): { id: string; name: string } {
  const db = new Database(`${E2E_DIR}/shop.db`);
  try {
    db.pragma("busy_timeout = 5000");
    const flavour = db
      .prepare("select f.id, f.name from flavours f join products p on p.id = f.device_id where p.slug = ? and f.archived = 0 order by f.name limit 1")
      .get(deviceSlug) as { id: string; name: string };
    db.prepare("update flavours set stock_quantity = ?, track_stock = 1 where id = ?").run(quantity, flavour.id);
    db.prepare("update content_versions set version = version + 1").run();
    return flavour;
  } finally {
    db.close();
  }
}
