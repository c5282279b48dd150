import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "~/lib/log.server";

/** One line per request: method, path (never the query string, which may carry tokens), status, duration. */
export function logRequest(log: Logger, req: IncomingMessage, res: ServerResponse, ms: number) {
  const path = (req.url ?? "/").split("?", 1)[0];
  log.info(
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
