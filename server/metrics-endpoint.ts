import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { trustProxy, type Config } from "~/lib/config.server";
import type { Logger } from "~/lib/log.server";
import { metrics, metricsContentType, metricsText } from "~/lib/metrics.server";

/**
 * Whether the bearer token is the metrics token: both hashed (SHA-256) first, so the comparison is of two 32-byte
 * digests in constant time whatever was sent (any length, any bytes: never an exception, nothing learnt from timing).
 */
function sameToken(given: string, token: string): boolean {
  const digest = (bytes: Buffer) => createHash("sha256").update(bytes).digest();
  // Node hands header values over as latin-1 text: its bytes are the bytes sent; the setting's are its UTF-8.
  const a = digest(Buffer.from(given, "latin1"));
  const b = digest(Buffer.from(token, "utf8"));
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Headers a proxy adds: a request with any of them came through one, and is never "from this host". */
const PROXY_HEADERS = /^(forwarded|x-forwarded-.+|x-real-ip|via)$/i;

/**
 * GET /metrics for Prometheus: only with the bearer token (METRICS_TOKEN), or from an allowed client address
 * (METRICS_ALLOW, the socket's own address) that sent no proxy header at all (Forwarded, X-Forwarded-*, X-Real-IP,
 * Via) when the shop is not set to sit behind a proxy (TRUST_PROXY false): behind one, every request reaches the shop
 * from the proxy's address, so the address says nothing and only the token opens it. Anybody else gets the ordinary
 * 404 (docs/decisions/022).
 */
export function metricsEndpoint(config: Config, log: Logger): RequestHandler {
  // `none`: the token only (an empty setting means the default, like every other setting).
  const allowed = new Set(
    config.METRICS_ALLOW.split(",")
      .map((a) => a.trim())
      .filter((a) => a && a !== "none"),
  );
  const behindProxy = Boolean(trustProxy(config));
  return (req, res, next) => {
    const bearer = /^Bearer[ \t]+(\S.*)$/i.exec(req.headers.authorization ?? "")?.[1];
    const byToken = Boolean(config.METRICS_TOKEN && bearer !== undefined && sameToken(bearer, config.METRICS_TOKEN));
    const proxied = Object.keys(req.headers).some((name) => PROXY_HEADERS.test(name));
    const byAddress = !behindProxy && !proxied && allowed.has(req.socket.remoteAddress ?? "");
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
