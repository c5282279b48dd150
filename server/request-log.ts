import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "~/lib/log.server";

/** A static file (the build's assets, images, icons, fonts) or the health check: not what an owner reads the log for. */
const QUIET =
  /^\/(assets|images|uploads)\/|\.(js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|webmanifest)$|^\/healthz$/;

/** Whether a request's line is written at debug rather than info: static files and health checks that went well. */
export const quietRequest = (path: string, status: number) => status < 500 && QUIET.test(path);

/**
 * One line per request: method, path (never the query string, which may carry tokens), status, duration. Pages and
 * actions at info; static files and health checks at debug (LOG_LEVEL=debug shows them), unless the server failed.
 */
export function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, ms: number) {
  const path = (req.url ?? "/").split("?", 1)[0] ?? "/";
  log[quietRequest(path, res.statusCode) ? "debug" : "info"](
    {
      requestId: res.getHeader("x-request-id"),
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    },
    "request",
  );
}

export function requestLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => logRequest(log, req, res, Number(process.hrtime.bigint() - started) / 1e6));
    next();
  };
}
