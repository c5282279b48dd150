import type { ErrorRequestHandler } from "express";
import type { Logger } from "~/lib/log.server";
import { isUnavailable, RETRY_AFTER_SECONDS, unavailableMessage, warnUnavailable } from "~/lib/unavailable.server";

/**
 * The last Express handler: an error no route answered. A database fault is 503 with Retry-After and one warn line;
 * anything else is a 500 with its stack in the log (docs/decisions/011).
 */
export function unavailableErrors(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    res.set("Cache-Control", "no-store");
    if (isUnavailable(error)) {
      warnUnavailable(log, error, req.path);
      return void res.status(503).set("Retry-After", String(RETRY_AFTER_SECONDS)).type("text/plain").send(unavailableMessage);
    }
    const status = Number((error as { status?: unknown }).status);
    if (status >= 400 && status < 500) return void res.status(status).type("text/plain").send("The request could not be read.");
    log.error({ err: error, path: req.path }, "request failed");
    res.status(500).type("text/plain").send("Something went wrong. Please try again in a moment.");
  };
}
