import { resolve } from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type Express, type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import "~/lib/app-context";
import { readStorefrontVersion } from "~/db/content-version.server";
import { createDatabase, pingDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { seedDemoContent } from "~/db/seed/seed.server";
import { loadConfig, trustProxy, type Config } from "~/lib/config.server";
import { createLogger, type Logger } from "~/lib/log.server";
import { createShopServices } from "~/lib/shop-context.server";
import { toNodeHandler } from "better-auth/node";
import { AGE_COOKIE, ageStatusFromCookies } from "~/modules/compliance/age-gate";
import { orderEndpoint } from "./order-endpoint";
import { pageCache } from "./page-cache";
import { requestLog } from "./request-log";
import { bodyLimit, cspNonce, sameOriginWrites, securityHeaders } from "./security";

export type ShopServer = { app: Express; db: Db; config: Config; log: Logger; close: () => Promise<void> };

export class StartupError extends Error {}

/** Hides the password of a database URL in messages. */
const redactUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

export type ShopServerOptions = {
  env?: NodeJS.ProcessEnv;
  /** Development: Vite's middleware, mounted before the shop's routes. */
  devMiddleware?: RequestHandler;
  /** Production: the built browser files (build/client). */
  clientDir?: string;
};

/** Checks configuration, opens and migrates the database, loads the demo catalogue if empty, builds the app. */
export async function createShopServer(options: ShopServerOptions = {}): Promise<ShopServer> {
  const config = loadConfig(options.env);
  const log = createLogger(config.LOG_LEVEL);
  const db = createDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  try {
    await pingDatabase(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw new StartupError(
      `Cannot reach the database named by DATABASE_URL (${redactUrl(config.DATABASE_URL)}): ${(error as Error).message}`,
    );
  }
  const applied = await migrateToLatest(db);
  if (applied.length) log.info({ migrations: applied }, "database migrated");
  const loaded = await seedDemoContent(db);
  if (loaded.length) log.info({ loaded }, "demo content loaded");

  const development = Boolean(options.devMiddleware);
  const services = await createShopServices(config, db, log);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(config));
  app.use(requestLog(log));
  app.use(cspNonce());
  app.use(securityHeaders({ development }));
  app.use(compression());
  app.use(bodyLimit(config.BODY_LIMIT_BYTES, { pathPrefix: "/admin/", maxBytes: config.UPLOAD_MAX_BYTES }));
  app.use(sameOriginWrites());

  // Better Auth over HTTP only where a browser must reach it: the return from Google. Everything else is called
  // from the shop's own actions, which validate and rate-limit first.
  const authHandler = toNodeHandler(services.auth);
  app.get("/api/auth/callback/:provider", (req, res) => void authHandler(req, res));
  app.post("/api/orders", ...orderEndpoint(services));

  app.get("/healthz", async (_req, res) => {
    try {
      await pingDatabase(db);
      res.set("Cache-Control", "no-store").json({ status: "ok", database: "ok" });
    } catch (error) {
      log.error({ err: error }, "health check failed");
      res.status(503).set("Cache-Control", "no-store").json({ status: "error", database: "unreachable" });
    }
  });

  // Images uploaded in the back office: named by their content's hash, so they never change (docs/decisions/010).
  app.use("/uploads", express.static(resolve(config.UPLOAD_DIR), { immutable: true, maxAge: "1y", index: false, dotfiles: "deny", redirect: false }));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    const clientDir = options.clientDir;
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    app.use(express.static(clientDir, { maxAge: "1d", index: false }));
  }

  app.use(
    pageCache({
      maxEntries: development ? 0 : config.PAGE_CACHE_ENTRIES,
      version: () => readStorefrontVersion(db),
      allowedCookies: [AGE_COOKIE],
      variant: (req) => ageStatusFromCookies(req.headers.cookie),
    }),
  );
  // Loaded once: a function here would re-enter the module loader on every request (costly under loader hooks).
  const build = development
    ? () => import("virtual:react-router/server-build") as Promise<ServerBuild>
    : ((await import("virtual:react-router/server-build")) as ServerBuild);
  app.use(
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext: (req, res) => ({
        ...services,
        nonce: String(res.locals.nonce),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
      }),
    }),
  );

  return {
    app,
    db,
    config,
    log,
    close: async () => {
      services.mailer.close();
      await db.destroy();
    },
  };
}
