import type { Db } from "~/db/database.server";
import type { Auth } from "~/modules/accounts/auth.server";
import type { Config, ShopSettings } from "./config.server";
import type { Logger } from "./log.server";
import type { Mailer } from "./mailer.server";

/** What every loader and action receives from the server (server/app.ts). */
export type ShopContext = {
  db: Db;
  config: Config;
  settings: ShopSettings;
  log: Logger;
  mailer: Mailer;
  auth: Auth;
  nonce: string;
  /** The client's address (honours TRUST_PROXY), for rate limits. */
  clientIp: string;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopContext {}
}
