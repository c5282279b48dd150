import type { Db } from "~/db/database.server";
import type { Auth } from "~/modules/accounts/auth.server";
import type { Config, ShopSettings } from "~/lib/config.server";
import type { Logger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";

/**
 * What a request's answer was made from, noted while it is made: a page that read the session is personal and is
 * never cached or shared (server/page-cache.ts, docs/decisions/017). A page rendered to be shared notes the hashes
 * of its inline scripts, which its CSP names in place of the nonce (app/lib/script-hashes.server.ts).
 */
export type PageUse = { session: boolean; scriptHashes?: string };

/**
 * What every loader and action receives from the server (server/app.ts): in React Router 8 (middleware always on) the
 * `context` is a RouterContextProvider, and the server's one carries these fields too (docs/decisions/028; tsconfig.json
 * points the generated route types at the same declaration).
 */
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
  /** Set by the server for each request; absent in scripts and service tests. */
  pageUse?: PageUse;
  /**
   * The storefront's content version as this server copy last read it (it moves with every catalogue change): what
   * may be remembered about the catalogue until it moves. Absent in scripts and service tests.
   */
  catalogueVersion?: () => number | undefined;
};

declare module "react-router" {
  // React Router's documented way from AppLoadContext to middleware: the same fields on its context provider.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface RouterContextProvider extends ShopContext {}
}
