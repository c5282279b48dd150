import { randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Config } from "~/lib/config.server";
import type { Logger } from "~/lib/log.server";
import { metrics, metricsContentType, metricsText } from "~/lib/metrics.server";

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * GET /metrics for Prometheus: only with the bearer token (METRICS_TOKEN) or from an allowed client address
 * (METRICS_ALLOW, the socket's own address: a proxy's X-Forwarded-For is never trusted for this). Anybody else
 * gets the ordinary 404.
 */
export function metricsEndpoint(config: Config, log: Logger): RequestHandler {
  // `none`: the token only (an empty setting means the default, like every other setting).
  const allowed = new Set(
    config.METRICS_ALLOW.split(",")
      .map((a) => a.trim())
      .filter((a) => a && a !== "none"),
  );
  return (req, res, next) => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    const byToken = Boolean(config.METRICS_TOKEN && bearer && same(bearer, config.METRICS_TOKEN));
    const byAddress = !req.headers["x-forwarded-for"] && allowed.has(req.socket.remoteAddress ?? "");
    if (!byToken && !byAddress) return next();
    metricsText().then(
      (body) => res.set({ "Content-Type": metricsContentType, "Cache-Control": "no-store" }).send(body),
      (error: Error) => {
        log.error({ err: error }, "metrics could not be collected");
        res.status(503).set("Cache-Control", "no-store").send("metrics unavailable\n");
      },
    );
  };
}

/** Counts every answer (page-cache hits too) by route pattern and status, with its duration. */
export function measure(routeOf: (pathname: string) => string) {
  return (req: IncomingMessage, res: ServerResponse, startedAt: bigint, served: { fromCache: boolean }) => {
    res.on("finish", () => {
      const cacheHit = served.fromCache;
      const seconds = Number(process.hrtime.bigint() - startedAt) / 1e9;
      const pathname = (req.url ?? "/").split("?", 1)[0]!;
      metrics.request(req.method ?? "GET", routeOf(pathname), res.statusCode, seconds);
      if (cacheHit) metrics.pageCache("hit");
      else if (res.getHeader("x-page-cache") === "miss") metrics.pageCache("miss");
    });
  };
}

const REQUEST_ID = /^[\w.:-]{1,64}$/;

/** The request's id: the proxy's X-Request-Id when it looks like one, else a new one; sent back as a header. */
export function requestId(req: IncomingMessage, res: ServerResponse): string {
  const given = req.headers["x-request-id"];
  const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
  res.setHeader("X-Request-Id", id);
  return id;
}
