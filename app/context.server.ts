import { databaseKind, type Db } from "~/db/database.server";
import { resolveAuthSecret } from "~/modules/accounts/auth-secret.server";
import { createAuth } from "~/modules/accounts/auth.server";
import type { ShopContext } from "./context";
import { mailFrom, shopSettings, type Config } from "~/lib/config.server";
import type { Logger } from "~/lib/log.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { newId } from "~/lib/ids.server";
import { setShopTimeZone } from "~/lib/shop-time";
import { insertOutboxEmail } from "~/modules/mail/outbox.repository.server";
import { createJobWorker, type JobWorker, type JobWorkerOptions } from "~/modules/jobs/worker.server";
import { jobRunners } from "./jobs.server";

/** Everything a request needs but its own nonce and address, built once per process (server, scripts, tests). */
export type ShopServices = Omit<ShopContext, "nonce" | "clientIp">;

export async function createShopServices(config: Config, db: Db, log: Logger, mailer?: Mailer): Promise<ShopServices> {
  // The shop's clock for this process: its days, "today" and the dates it writes (docs/decisions/024).
  setShopTimeZone(config.SHOP_TIME_ZONE);
  const mail = mailer ?? shopMailer(config, db, log);
  const secret = await resolveAuthSecret(db, config.AUTH_SECRET);
  const auth = createAuth({ db, kind: databaseKind(config.DATABASE_URL), config, secret, log });
  return { db, config, settings: shopSettings(config), log, mailer: mail, auth };
}

/** A job worker running the shop's kinds of job (registered in app/jobs.server.ts) with these services. */
export function createShopJobWorker(
  deps: JobWorkerOptions["deps"],
  options: Omit<JobWorkerOptions, "deps" | "runners">,
): JobWorker {
  return createJobWorker({ deps, runners: jobRunners, ...options });
}

/** The shop's e-mail: SMTP when configured; otherwise logged and kept in the development outbox. */
export function shopMailer(config: Config, db: Db, log: Logger): Mailer {
  const keep = (mail: { to: string; subject: string; text: string }) =>
    insertOutboxEmail(db, {
      id: newId(),
      to_address: mail.to,
      subject: mail.subject,
      body: mail.text,
      created_at: new Date().toISOString(),
    });
  return createMailer({ smtpUrl: config.SMTP_URL, from: mailFrom(config), log, keep });
}
