import { databaseKind, type Db } from "~/db/database.server";
import { resolveAuthSecret } from "~/modules/accounts/auth-secret.server";
import { createAuth } from "~/modules/accounts/auth.server";
import type { ShopContext } from "./app-context";
import { mailFrom, shopSettings, type Config } from "./config.server";
import type { Logger } from "./log.server";
import { createMailer, type Mailer } from "./mailer.server";

/** Everything a request needs but its own nonce and address, built once per process (server, scripts, tests). */
export type ShopServices = Omit<ShopContext, "nonce" | "clientIp">;

export async function createShopServices(config: Config, db: Db, log: Logger, mailer?: Mailer): Promise<ShopServices> {
  const mail = mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: mailFrom(config), log, db });
  const secret = await resolveAuthSecret(db, config.AUTH_SECRET);
  const auth = createAuth({ db, kind: databaseKind(config.DATABASE_URL), config, secret, log });
  return { db, config, settings: shopSettings(config), log, mailer: mail, auth };
}
