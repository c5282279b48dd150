import Database from "better-sqlite3";
import { E2E_DIR } from "./ports";

/**
 * Sets a flavour's stock (each of its sizes) straight in the e2e server's database (set-up only: what the journeys check happens through
 * the pages), and drops cached pages as every catalogue write does. The flavour is the device's first by name, or its
 * last (one no other journey buys or changes). Returns the flavour's id and name.
 */
export async function setFlavourStock(
  deviceSlug: string,
  quantity: number,
  which: "first" | "last" = "first",
): Promise<{ id: string; name: string }> {
  const db = new Database(`${E2E_DIR}/shop.db`);
  let flavour: { id: string; name: string };
  try {
    db.pragma("busy_timeout = 5000");
    flavour = db
      .prepare(
        `select f.id, f.name from flavours f join devices p on p.id = f.device_id where p.slug = ? and f.archived = 0 order by f.name ${which === "last" ? "desc" : "asc"} limit 1`,
      )
      .get(deviceSlug) as { id: string; name: string };
    // Every size of the flavour (stock is kept per variant: docs/decisions/043).
    db.prepare("update variants set stock_quantity = ?, track_stock = 1 where kind = 'flavour' and item_id = ?").run(
      quantity,
      flavour.id,
    );
    db.prepare("update content_versions set version = version + 1").run();
  } finally {
    db.close();
  }
  // The shop reads the content version every CONTENT_VERSION_POLL_MS (100 in the journeys): past that, no server
  // copy shows the old stock.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return flavour;
}
