// The request log an owner reads: pages and actions at info, static files and health checks at debug.
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { logRequest, quietRequest } from "./request-log";

describe("request log", () => {
  it("writes pages and actions at info, static files and the health check at debug, failures always", () => {
    for (const path of ["/", "/flavours", "/api/orders", "/admin/orders/ORD-1", "/robots.txt", "/sitemap.xml"])
      expect(quietRequest(path, 200)).toBe(false);
    for (const path of [
      "/assets/root-abc123.js",
      "/assets/app-1.css",
      "/images/catalog/mango.webp",
      "/uploads/catalog/x-480.avif",
      "/favicon.ico",
      "/healthz",
    ])
      expect(quietRequest(path, 200)).toBe(true);
    expect(quietRequest("/assets/missing.js", 404)).toBe(true);
    expect(quietRequest("/assets/root.js", 500)).toBe(false);
    expect(quietRequest("/healthz", 503)).toBe(false);
  });

  it("logs the path without its query string, at the level its kind asks for", () => {
    const lines: Array<{ level: string; fields: Record<string, unknown> }> = [];
    const at = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, fields });
    const log = { info: at("info"), debug: at("debug") } as never;
    const res = (status: number) => ({ statusCode: status, getHeader: () => "req-1" }) as unknown as ServerResponse;
    logRequest(log, { url: "/reset-password?token=secret", method: "GET" } as IncomingMessage, res(200), 3.14);
    logRequest(log, { url: "/assets/a.js", method: "GET" } as IncomingMessage, res(200), 0.2);
    expect(lines).toEqual([
      { level: "info", fields: { requestId: "req-1", method: "GET", path: "/reset-password", status: 200, ms: 3.1 } },
      { level: "debug", fields: { requestId: "req-1", method: "GET", path: "/assets/a.js", status: 200, ms: 0.2 } },
    ]);
  });
});
