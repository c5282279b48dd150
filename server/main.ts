// Starts the shop: production serves build/ (npm start); NODE_ENV=development runs Vite in middleware mode.
import type { Server } from "node:http";
import { fileURLToPath } from "node:url";
import type { ShopServer, ShopServerOptions } from "./app";

type AppModule = { createShopServer: (options?: ShopServerOptions) => Promise<ShopServer> };

async function loadApp(): Promise<{ module: AppModule; options: ShopServerOptions }> {
  if (process.env.NODE_ENV === "development") {
    const vite = await import("vite");
    const devServer = await vite.createServer({ server: { middlewareMode: true } });
    const module = (await devServer.ssrLoadModule("./server/app.ts")) as AppModule;
    return { module, options: { devMiddleware: devServer.middlewares } };
  }
  // @ts-expect-error the production build is made by `npm run build`
  const module = (await import("../build/server/index.js")) as AppModule;
  return { module, options: { clientDir: fileURLToPath(new URL("../build/client", import.meta.url)) } };
}

async function main() {
  const { module, options } = await loadApp();
  let shop: ShopServer;
  try {
    shop = await module.createShopServer(options);
  } catch (error) {
    console.error(`The shop cannot start. ${(error as Error).message}`);
    process.exit(1);
  }
  const { config, log } = shop;
  const server: Server = shop.app.listen(config.PORT, config.HOST, () => {
    log.info({ port: config.PORT }, `shop listening on http://localhost:${config.PORT}`);
  });
  server.on("error", (error) => {
    console.error(`The shop cannot listen on port ${config.PORT}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: finishing requests in flight");
    const force = setTimeout(() => {
      log.warn("requests still open after 10 s; closing them");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    server.close(async () => {
      await shop.close().catch((error: Error) => log.error({ err: error }, "closing the database failed"));
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

void main();
