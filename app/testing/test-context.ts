import type { TestDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";
import { createShopServices } from "~/context.server";

/** The request context a loader or action gets, built on a test database. */
export async function createTestContext(
  database: TestDatabase,
  options: { mailer?: Mailer; env?: Record<string, string> } = {},
) {
  const config = loadConfig({ DATABASE_URL: database.url, APP_URL: "http://shop.test", ...options.env });
  const services = await createShopServices(config, database.db, createLogger("silent"), options.mailer);
  return (clientIp = "192.0.2.1"): ShopContext => ({ ...services, nonce: "", clientIp });
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .filter((pair) => !/=$/.test(pair))
    .join("; ");
}

export const requestWith = (cookie = "", url = "http://shop.test/") =>
  new Request(url, { headers: cookie ? { cookie, origin: "http://shop.test" } : { origin: "http://shop.test" } });
