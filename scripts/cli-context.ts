// Opens the shop's database (DATABASE_URL, as the server would) for commands run by hand.
import { createDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { createShopServices } from "~/context.server";

export async function openShop() {
  const config = loadConfig();
  const db = createDatabase(config.DATABASE_URL);
  await migrateToLatest(db);
  const services = await createShopServices(config, db, createLogger("warn"));
  return { ...services, close: () => db.destroy() };
}
