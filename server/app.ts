import type { IncomingMessage, ServerResponse } from "node:http";
import { hostname } from "node:os";
import express, { type Express, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import "~/context";
import { readStorefrontVersion } from "~/db/content-version.server";
import { createDatabase, pingDatabase, type Db } from "~/db/database.server";
import { prepareDatabase } from "~/db/prepare.server";
import { appUrl, loadConfig, trustProxy, type Config } from "~/lib/config.server";
import { createLogger, createReadableLogger, type Logger } from "~/lib/log.server";
import { traderSettingsToSet } from "~/lib/trader";
import cluster from "node:cluster";
import { createShopJobWorker, createShopServices, shopMailer } from "~/context.server";
import { seedDemoContent } from "~/demo/seed.server";
import { compressResponses, hasFileExtension } from "./compression";
import { toNodeHandler } from "better-auth/node";
import { ageStatusFromCookies } from "~/modules/compliance/age-gate";
import { watchContentVersion } from "./content-version-watch";
import { retryAfterOn503, unavailableErrors, unavailableLoaders } from "./errors";
import { mountHealth } from "./health";
import { createLifecycle, trackedMailer, type CloseHook } from "./lifecycle";
import { backfillImageVariants } from "~/modules/admin/catalog/image-backfill.service.server";
import { ensureDutyJobs } from "~/modules/duty/duty.service.server";
import { ensureAuditPurgeJob } from "~/modules/admin/audit/audit-retention.service.server";
import { orderEndpoint } from "./order-endpoint";
import { paymentWebhook } from "./payment-webhook";
import { paymentPageOrigins } from "~/modules/payments/providers.server";
import { createRequestHandler } from "./react-router-handler";
import { pageCache } from "./page-cache";
import { untrustedProxyWarning } from "./proxy-warning";
import { logRequest, requestLog } from "./request-log";
import { serveUploads } from "./uploads";
import { measure, metricsEndpoint, requestId } from "./metrics-endpoint";
import { routePatterns } from "./route-patterns";
import { watchDatabase } from "~/lib/metrics.server";
import { countJobsByKindAndStatus } from "~/modules/jobs/jobs.service.server";
import { MAX_CATALOG_CSV_BYTES } from "~/modules/admin/catalog/csv/catalog-csv";
import { AGE_CHECK_PAGE_PATH, ageDocumentMessages, MAX_AGE_DOCUMENT_BYTES } from "~/modules/age-checks/age-checks";
import {
  bodyLimit,
  cspNonce,
  noNulInAddress,
  oneSessionCookie,
  privateResponses,
  sameOriginWrites,
  securityHeaders,
} from "./security";

export type ShopServer = {
  /** What the HTTP server runs: a cached page straight from memory, anything else through `app`. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  app: Express;
  db: Db;
  config: Config;
  log: Logger;
  /** DATABASE_URL with its password hidden, for messages. */
  database: string;
  /** Shutting down: every answer from now on says `Connection: close`, and /healthz answers 503 'stopping'. */
  drain: () => void;
  /** Requests being answered now. */
  inFlight: () => number;
  /** A step run by close() after the last request and before the database closes (e.g. stop a job worker). */
  beforeDatabaseClose: (name: string, hook: CloseHook) => void;
  /** Runs the close steps in the order added, waits for e-mails being sent, then closes the database. */
  close: () => Promise<void>;
};

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

/** Checks configuration, opens and migrates the database, loads the demo content if empty and asked, builds the app. */
export async function createShopServer(options: ShopServerOptions = {}): Promise<ShopServer> {
  const config = loadConfig(options.env);
  // Readable lines in development (npm run dev), JSON lines otherwise.
  const log = options.devMiddleware ? await createReadableLogger(config.LOG_LEVEL) : createLogger(config.LOG_LEVEL);
  const db = createDatabase(config.DATABASE_URL, {
    poolSize: config.DATABASE_POOL_SIZE,
    onConnectionError: (error) => log.warn({ reason: error.message }, "a database connection was lost"),
  });
  try {
    await pingDatabase(db);
  } catch (error) {
    await db.destroy().catch(() => {});
    throw new StartupError(
      `Cannot reach the database named by DATABASE_URL (${redactUrl(config.DATABASE_URL)}): ${(error as Error).message}`,
    );
  }
  // A new database gets the demo content unless DEMO_CONTENT=off (docs/decisions/026). Uploads from before image
  // variants get theirs before any copy serves a page naming them (docs/decisions/018).
  const { migrations, loaded } = await prepareDatabase(db, config.DATABASE_URL, {
    seed: config.DEMO_CONTENT === "on" ? seedDemoContent : undefined,
    after: async (locked) => {
      await backfillImageVariants(locked, config.UPLOAD_DIR, log);
      // The duty stamps' cut-off (1 April 2027) and weekly reminder wait in the job queue (docs/decisions/079).
      await ensureDutyJobs(locked);
      // The audit log's daily retention job (docs/decisions/080).
      await ensureAuditPurgeJob(locked);
    },
  });
  if (migrations.length) log.info({ migrations }, "database migrated");
  if (loaded.length) log.info({ loaded }, "demo content loaded");
  // A real shop (no demo content) names itself to shoppers at the payment step (docs/decisions/040): one line, once.
  const toSet = config.DEMO_CONTENT === "off" && cluster.isPrimary ? traderSettingsToSet(config) : [];
  if (toSet.length)
    log.warn(
      { settings: toSet },
      `the payment step and order e-mails name the trader from defaults: set ${toSet.join(", ")} before opening`,
    );

  const development = Boolean(options.devMiddleware);
  const lifecycle = createLifecycle(log);
  const mailer = trackedMailer(shopMailer(config, db, log), lifecycle);
  const services = await createShopServices(config, db, log, mailer);
  // Background jobs (e-mails, age checks) queued by any server process are run by whichever worker claims them first;
  // on shutdown the job in hand finishes (bounded) after the last request and before the database closes.
  const worker = createShopJobWorker(services, { pollMs: config.JOB_POLL_MS, retryBaseMs: config.JOB_RETRY_BASE_MS });
  worker.start();
  lifecycle.beforeDatabaseClose("job worker", () => worker.stop());
  const version = watchContentVersion(() => readStorefrontVersion(db), config.CONTENT_VERSION_POLL_MS, log);
  lifecycle.beforeDatabaseClose("content version", () => version.stop());
  const cache = pageCache({
    maxEntries: development ? 0 : config.PAGE_CACHE_ENTRIES,
    version,
    variant: ageStatusFromCookies,
    // Browsers ask again every time (a 304 when nothing changed); nginx in front or a CDN may keep a page
    // SHARED_PAGE_SECONDS (a minute) and serve it stale for ten more while it fetches the new one. Vary: Cookie, for
    // the age-check answer (docs/decisions/017); deploy/nginx/ keys on that cookie alone.
    sharedCacheControl: `public, max-age=0, s-maxage=${config.SHARED_PAGE_SECONDS}, stale-while-revalidate=600`,
  });
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy(config));
  app.use(lifecycle.middleware);
  // A change made by this copy (any write: an action, the order endpoint) shows on its next page at once; other
  // copies see it within a poll.
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.on("finish", () => void version.refresh());
    next();
  });
  app.use(requestLog(log));
  if (!trustProxy(config)) app.use(untrustedProxyWarning(log));
  app.use(noNulInAddress());
  app.use(oneSessionCookie(services.auth.options));
  app.use(retryAfterOn503());
  app.use(cspNonce());
  app.use(
    securityHeaders({
      development,
      https: appUrl(config).startsWith("https:"),
      formTargets: paymentPageOrigins(config),
    }),
  );
  app.use(compressResponses());
  app.use(noFlushAfterEachChunk);
  app.use(
    bodyLimit(config.BODY_LIMIT_BYTES, { pathPrefix: "/admin/", maxBytes: config.UPLOAD_MAX_BYTES }, [
      {
        path: "/admin/catalogue-import",
        maxBytes: MAX_CATALOG_CSV_BYTES,
        tooBig: `The file is too big: the most a catalogue file may be is ${MAX_CATALOG_CSV_BYTES / 1024 / 1024} MB. Go back and choose a smaller file.`,
      },
      // A customer's photo ID (docs/decisions/044): up to 10 MB. A phone photo a little larger still reaches the page,
      // which says so under the field; only a body past twice that is cut here (in words too).
      { path: AGE_CHECK_PAGE_PATH, maxBytes: 2 * MAX_AGE_DOCUMENT_BYTES, tooBig: ageDocumentMessages.tooBigRequest },
    ]),
  );
  // The payment provider's events: signed, not same-origin (server/payment-webhook.ts).
  app.post("/webhooks/payments/worldpay", ...paymentWebhook(services));
  app.use(sameOriginWrites());

  // Better Auth over HTTP only where a browser must reach it: the return from Google. Everything else is called
  // from the shop's own actions, which validate and rate-limit first.
  const authHandler = toNodeHandler(services.auth);
  app.get("/api/auth/callback/:provider", (req, res) => void authHandler(req, res));
  app.post("/api/orders", ...orderEndpoint(services));

  app.get("/metrics", metricsEndpoint(config, log));
  mountHealth(app, {
    db,
    databaseUrl: config.DATABASE_URL,
    log,
    name: `${hostname()}:${config.PORT}`,
    stopping: lifecycle.stopping,
  });

  app.use("/uploads", serveUploads(config.UPLOAD_DIR));

  if (options.devMiddleware) {
    app.use(options.devMiddleware);
  } else if (options.clientDir) {
    const clientDir = options.clientDir;
    app.use("/assets", express.static(`${clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }));
    // Only names with an extension are files (favicon.svg, images/…): pages never wait for a disk lookup.
    const files = express.static(clientDir, { maxAge: "1d", index: false });
    app.use((req, res, next) => (hasFileExtension(req.path) ? files(req, res, next) : next()));
  }

  // Pages and data only (after the static files, which keep their own long caching for everyone).
  app.use(privateResponses());
  app.use(cache.middleware);
  // Loaded once: a function here would re-enter the module loader on every request (costly under loader hooks).
  const build = development
    ? () => import("virtual:react-router/server-build") as Promise<ServerBuild>
    : ((await import("virtual:react-router/server-build")) as ServerBuild);
  app.use(
    createRequestHandler({
      build: unavailableLoaders(build, log),
      mode: development ? "development" : "production",
      // React Router's context provider (v8_middleware) with the shop's services on it (app/context.ts).
      getLoadContext: (req, res) =>
        Object.assign(new RouterContextProvider(), {
          ...services,
          // Every log line of the request carries its id (also sent back as X-Request-Id).
          log: services.log.child({ requestId: res.getHeader("x-request-id") }),
          nonce: String(res.locals.nonce),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          pageUse: res.locals.pageUse,
          catalogueVersion: version.current,
        }),
    }),
  );

  app.use(unavailableErrors(log));

  watchDatabase(db, countJobsByKindAndStatus);
  const measured = measure(routePatterns(typeof build === "function" ? null : build));
  let closed: Promise<void> | undefined;
  return {
    handler: (req, res) => {
      const served = { fromCache: false };
      requestId(req, res);
      measured(req, res, process.hrtime.bigint(), served);
      // A hit is answered before Express, the request log aside; while stopping, Express adds Connection: close.
      served.fromCache = !lifecycle.stopping() && cache.serve(req, res);
      if (served.fromCache) return logRequest(log, req, res, 0);
      app(req, res);
    },
    app,
    db,
    config,
    log,
    database: redactUrl(config.DATABASE_URL),
    drain: lifecycle.drain,
    inFlight: lifecycle.inFlight,
    beforeDatabaseClose: lifecycle.beforeDatabaseClose,
    close: () =>
      (closed ??= (async () => {
        await lifecycle.runCloseHooks();
        services.mailer.close();
        await db.destroy();
      })()),
  };
}

/**
 * React Router writes a response body chunk by chunk and flushes the compressor after each, for pages that stream.
 * The shop's pages are one body each (app/entry.server.tsx) and nothing it sends streams, so the flush only cost a
 * second deflate call on every page (a sync flush, then the finish; about 0.03 ms a page measured alone); without it
 * each page is compressed once, at its end.
 */
const noFlushAfterEachChunk: RequestHandler = (_req, res, next) => {
  res.flush = () => {};
  next();
};
