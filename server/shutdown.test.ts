import { Agent, createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { applyConnectionTimeouts } from "./connection-timeouts";
import type { ShopServer } from "./app";
import { createLifecycle } from "./lifecycle";
import { stopGracefully } from "./shutdown";

type Answer = { status: number; connection: string | undefined; body: string };

/** An Express app with the shop's lifecycle middleware and one handler that takes `?ms=` to answer. */
function slowServer() {
  const log = createLogger("silent");
  const lifecycle = createLifecycle(log);
  const steps: string[] = [];
  const app = express();
  app.use(lifecycle.middleware);
  app.get("/slow", async (req, res) => {
    await new Promise((r) => setTimeout(r, Number(req.query.ms)));
    res.send("done");
  });
  lifecycle.beforeDatabaseClose("worker", () => void steps.push("worker stopped"));
  const shop = {
    log,
    drain: lifecycle.drain,
    inFlight: lifecycle.inFlight,
    close: async () => {
      await lifecycle.runCloseHooks();
      steps.push("database closed");
    },
  } as unknown as ShopServer;
  // With the shop's own connection timeouts: a 65 s keep-alive must not hold a stop back (server/connection-timeouts.ts).
  const server: Server = applyConnectionTimeouts(createServer(app), loadConfig({}).KEEP_ALIVE_TIMEOUT_MS);
  server.listen(0, "127.0.0.1");
  return { server, shop, steps, port: () => (server.address() as AddressInfo).port };
}

function get(port: number, path: string, agent: Agent) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const agents: Agent[] = [];
const keepAlive = () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  agents.push(agent);
  return agent;
};
afterEach(() => agents.splice(0).forEach((agent) => agent.destroy()));

describe("stopGracefully", () => {
  it("lets a request in flight finish (told to close its connection), then runs the close steps, then closes the database", async () => {
    const { server, shop, steps, port } = slowServer();
    await new Promise((r) => server.once("listening", r));
    const agent = keepAlive();
    expect((await get(port(), "/slow?ms=0", agent)).connection).toBe("keep-alive");
    const inFlight = get(port(), "/slow?ms=400", agent);
    await vi.waitFor(() => expect(shop.inFlight()).toBe(1), { interval: 5 }); // it has reached the server
    const idle = keepAlive();
    await get(port(), "/slow?ms=0", idle);
    const listeningOn = port();
    const stopping = stopGracefully(server, shop, "SIGTERM", 5000);
    // A request arriving on an open keep-alive connection after the signal is answered, and told to close it.
    expect(await get(listeningOn, "/slow?ms=0", idle)).toEqual({ status: 200, connection: "close", body: "done" });
    const report = await stopping;
    expect(await inFlight).toEqual({ status: 200, connection: "close", body: "done" });
    expect(report).toMatchObject({ signal: "SIGTERM", inFlightAtSignal: 1, cut: 0 });
    expect(report.ms).toBeGreaterThanOrEqual(250);
    expect(report.ms).toBeLessThan(2000);
    expect(steps).toEqual(["worker stopped", "database closed"]);
  });

  it("closes an idle keep-alive connection and stops at once, though keep-alive lasts 65 s", async () => {
    const { server, shop, port } = slowServer();
    await new Promise((r) => server.once("listening", r));
    expect(server.keepAliveTimeout).toBe(65_000);
    await get(port(), "/slow?ms=0", keepAlive());
    const report = await stopGracefully(server, shop, "SIGTERM", 10_000);
    expect(report).toMatchObject({ inFlightAtSignal: 0, cut: 0 });
    expect(report.ms).toBeLessThan(1000);
  });

  it("cuts what is still open at the bound, and only then closes the database", async () => {
    const { server, shop, steps, port } = slowServer();
    await new Promise((r) => server.once("listening", r));
    const slow = get(port(), "/slow?ms=3000", keepAlive()).catch((error: NodeJS.ErrnoException) => error.code);
    await vi.waitFor(() => expect(shop.inFlight()).toBe(1), { interval: 5 }); // it has reached the server
    const report = await stopGracefully(server, shop, "SIGTERM", 300);
    expect(await slow).toBe("ECONNRESET");
    expect(report).toMatchObject({ cut: 1 });
    expect(report.ms).toBeLessThan(1500);
    expect(steps).toEqual(["worker stopped", "database closed"]);
  });
});
