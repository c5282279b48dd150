// Starts the shop: production serves build/ (npm start); NODE_ENV=development runs Vite in middleware mode.
// First: an older Node than 22 stops here with one line (better-sqlite3 13 would crash it; docs/decisions/030).
import "../scripts/require-node.mjs";
import { createServer, type Server } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ShopServer, ShopServerOptions } from "./app";
import { applyConnectionTimeouts } from "./connection-timeouts";
import { stopGracefully } from "./shutdown";

/**
 * PAYMENT_PROVIDER=sandbox: the local stand-in of Worldpay starts beside the shop (once: in a cluster, in the primary),
 * sending its signed events to this shop (docs/guide/payments.md). A sandbox already on the port (another shop's on
 * this machine) is left to answer.
 */
async function startSandboxIfChosen(config: {
  PAYMENT_PROVIDER: string;
  PAYMENT_SANDBOX_PORT: number;
  PAYMENT_WEBHOOK_SECRET?: string;
  PORT: number;
}) {
  if (config.PAYMENT_PROVIDER !== "sandbox" || !config.PAYMENT_WEBHOOK_SECRET) return;
  const { startPaymentSandbox } = await import("./payment-sandbox/sandbox-server");
  try {
    const sandbox = await startPaymentSandbox({
      port: config.PAYMENT_SANDBOX_PORT,
      host: "127.0.0.1",
      webhookUrl: `http://127.0.0.1:${config.PORT}/webhooks/payments/worldpay`,
      webhookSecret: config.PAYMENT_WEBHOOK_SECRET,
    });
    console.log(`Payment sandbox (TEST, no real money) on ${sandbox.url}`);
  } catch (error) {
    console.warn(
      `The payment sandbox did not start on port ${config.PAYMENT_SANDBOX_PORT}: ${(error as Error).message}`,
    );
  }
}

type AppModule = { createShopServer: (options?: ShopServerOptions) => Promise<ShopServer> };

async function loadApp(): Promise<{ module: AppModule; options: ShopServerOptions }> {
  if (process.env.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const module = (await devServer.ssrLoadModule("./server/app.ts")) as AppModule;
    return { module, options: { devMiddleware: devServer.middlewares } };
  }
  // The production build (npm run build): this file runs as build/main.js, next to build/server and build/client.
  const buildDir =
    process.env.SHOP_BUILD_DIR ??
    fileURLToPath(new URL(import.meta.url.includes("/build/") ? "." : "../build", import.meta.url));
  const module = (await import(pathToFileURL(join(buildDir, "server/index.js")).href)) as AppModule;
  return { module, options: { clientDir: join(buildDir, "client") } };
}

/**
 * WEB_CONCURRENCY > 1: a primary prepares the database once (migrations, demo content), then forks that many
 * workers sharing the port. Nothing lives only in one process (sessions, carts, limits are in the database), and
 * each worker's page cache follows the database's content version.
 */
async function startCluster(workers: number) {
  const cluster = await import("node:cluster");
  if (cluster.default.isPrimary) {
    const { module, options } = await loadApp();
    const prepared = await module.createShopServer(options).catch((error: Error) => {
      console.error(`The shop cannot start. ${error.message}`);
      process.exit(1);
    });
    const { SHUTDOWN_TIMEOUT_MS } = prepared.config;
    await startSandboxIfChosen(prepared.config);
    await prepared.close();
    for (let i = 0; i < workers; i++) cluster.default.fork();
    // GET /metrics lands on one worker: it asks here, and prom-client gathers and adds up every worker's metrics.
    const { AggregatorRegistry } = await import("prom-client");
    const aggregator = new AggregatorRegistry();
    cluster.default.on("message", (worker, message: { type?: string; id?: string }) => {
      if (message?.type !== "shop:metrics") return;
      aggregator.clusterMetrics().then(
        (body) => worker.send({ type: "shop:metrics", id: message.id, body }),
        (error: Error) => worker.send({ type: "shop:metrics", id: message.id, error: error.message }),
      );
    });
    const running = () => Object.values(cluster.default.workers ?? {}).filter((worker) => worker && !worker.isDead());
    let stopping = false;
    // Each worker stops gracefully on its own (stopGracefully); the primary passes the signal on and waits for all.
    const stopAll = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      for (const worker of running()) worker?.process.kill(signal);
      if (running().length === 0) process.exit(0);
      setTimeout(() => {
        console.error(`Workers still running ${SHUTDOWN_TIMEOUT_MS + 5000} ms after ${signal}; killing them.`);
        for (const worker of running()) worker?.process.kill("SIGKILL");
      }, SHUTDOWN_TIMEOUT_MS + 5000).unref();
    };
    process.on("SIGTERM", () => stopAll("SIGTERM"));
    process.on("SIGINT", () => stopAll("SIGINT"));
    cluster.default.on("exit", (_worker, code) => {
      if (!stopping && code !== 0) cluster.default.fork();
      if (stopping && running().length === 0) process.exit(0);
    });
    return true;
  }
  return false;
}

async function main() {
  // One process per CPU unless told otherwise (WEB_CONCURRENCY=1: a single process, no cluster). Development is one
  // process by default: each would run a Vite server of its own, and only one can have the live-reload port.
  const development = process.env.NODE_ENV === "development";
  const workers = Number(process.env.WEB_CONCURRENCY || (development ? 1 : availableParallelism()));
  if (workers > 1 && (await startCluster(workers))) return;
  const { module, options } = await loadApp();
  let shop: ShopServer;
  try {
    shop = await module.createShopServer(options);
  } catch (error) {
    console.error(`The shop cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
  const { config, log } = shop;
  await startSandboxIfChosen(config);
  const server: Server = applyConnectionTimeouts(createServer(shop.handler), config.KEEP_ALIVE_TIMEOUT_MS);
  server.listen(config.PORT, config.HOST, () => {
    log.info({ port: config.PORT, database: shop.database }, `shop listening on http://localhost:${config.PORT}`);
  });
  server.on("error", (error) => {
    console.error(`The shop cannot listen on port ${config.PORT}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    stopGracefully(server, shop, signal, config.SHUTDOWN_TIMEOUT_MS).then(
      (report) => {
        log.info(report, "stopped");
        process.exit(0);
      },
      (error: Error) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
