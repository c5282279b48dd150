import type { TestDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";
import type { JobWorker } from "~/modules/jobs/worker.server";
import { createShopJobWorker } from "~/context.server";

/** A job worker on a test database that sends through `mailer`, looking for due jobs every 20 ms. Stop it after. */
export function startTestWorker(
  database: TestDatabase,
  mailer: Mailer,
  options: { retryBaseMs?: number } = {},
): JobWorker {
  const config = loadConfig({ DATABASE_URL: database.url, APP_URL: "http://shop.test" });
  const worker = createShopJobWorker(
    { db: database.db, mailer, config, log: createLogger("silent") },
    {
      pollMs: 20,
      retryBaseMs: options.retryBaseMs,
    },
  );
  worker.start();
  return worker;
}
