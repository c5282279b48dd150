import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { metricsEndpoint } from "./metrics-endpoint";

// Issue 26, holes 5 and 6: /metrics was open from the loopback behind a proxy that sends anything but a non-empty
// X-Forwarded-For, and a bearer token of non-ASCII characters of the token's length gave a 500.

const TOKEN = "metrics-token-for-the-tests-0123456789";

async function serve(env: Record<string, string>) {
  const config = loadConfig({ METRICS_TOKEN: TOKEN, ...env });
  const app = express();
  app.get("/metrics", metricsEndpoint(config, createLogger("silent")));
  app.use((_req, res) => void res.status(404).send("not found"));
  app.use(((_error, _req, res, _next) => void res.status(500).send("error")) as express.ErrorRequestHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** GET /metrics from 127.0.0.1 with these raw headers (node:http sends latin-1 bytes as they are, unlike fetch). */
function status(port: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: "/metrics", headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

const proxyHeaders: Array<Record<string, string>> = [
  { forwarded: "for=203.0.113.9" },
  { "x-forwarded-for": "203.0.113.9" },
  { "x-forwarded-for": "" },
  { "x-forwarded-host": "shop.example" },
  { "x-forwarded-proto": "https" },
  { "x-real-ip": "203.0.113.9" },
  { via: "1.1 proxy" },
];

describe("/metrics from the loopback", () => {
  let shop: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (shop = await serve({})));
  afterAll(() => shop.close());

  it("is open to an agent on this host that talks to the shop directly", async () => {
    expect(await status(shop.port)).toBe(200);
  });

  it("is closed to anything that came through a proxy: any proxy header at all", async () => {
    for (const headers of proxyHeaders) expect(await status(shop.port, headers), JSON.stringify(headers)).toBe(404);
  });
});

describe("/metrics behind a trusted proxy (TRUST_PROXY)", () => {
  let shop: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (shop = await serve({ TRUST_PROXY: "1" })));
  afterAll(() => shop.close());

  it("opens only with the token, even from the loopback without proxy headers", async () => {
    expect(await status(shop.port)).toBe(404);
    expect(await status(shop.port, { authorization: `Bearer ${TOKEN}` })).toBe(200);
  });
});

describe("/metrics with the token only (METRICS_ALLOW=none)", () => {
  let shop: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => (shop = await serve({ METRICS_ALLOW: "none" })));
  afterAll(() => shop.close());

  it("compares the token without ever failing: wrong, short, long, non-ASCII of its length, another scheme", async () => {
    const refused = [
      "Bearer wrong",
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Bearer ${"\u00e9".repeat(TOKEN.length)}`,
      `Bearer ${"\u00ff".repeat(TOKEN.length / 2)}`,
      `Basic ${TOKEN}`,
      "Bearer ",
    ];
    for (const authorization of refused) expect(await status(shop.port, { authorization }), authorization).toBe(404);
    expect(await status(shop.port, { authorization: `Bearer ${TOKEN}` })).toBe(200);
  });
});
