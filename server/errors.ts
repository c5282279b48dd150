import type { ErrorRequestHandler, RequestHandler } from "express";
import onHeaders from "on-headers";
import type { ServerBuild } from "react-router";
import type { Logger } from "~/lib/log.server";
import {
  databaseUnavailable,
  isDatabaseUnavailable,
  isUnavailable,
  RETRY_AFTER_SECONDS,
  unavailableMessage,
  warnUnavailable,
} from "~/lib/unavailable.server";

type RouteFunction = (args: { request: Request }) => unknown;

/**
 * The build with every route's loader and action guarded: a database that cannot be reached becomes the 503 answer
 * (Retry-After), which the root ErrorBoundary shows as 'We'll be right back', for pages and `.data` requests alike,
 * instead of each loader having to catch it (docs/decisions/011, 017).
 */
export function unavailableLoaders<B extends ServerBuild | (() => Promise<ServerBuild>)>(build: B, log: Logger): B {
  const guard =
    (fn: RouteFunction): RouteFunction =>
    async (args) => {
      try {
        return await fn(args);
      } catch (error) {
        if (isDatabaseUnavailable(error)) throw databaseUnavailable(log, error, new URL(args.request.url).pathname);
        throw error;
      }
    };
  const wrap = (original: ServerBuild): ServerBuild => ({
    ...original,
    routes: Object.fromEntries(
      Object.entries(original.routes).map(([id, route]) => {
        if (!route) return [id, route];
        const module = { ...route.module } as Record<string, unknown>;
        for (const name of ["loader", "action"])
          if (typeof module[name] === "function") module[name] = guard(module[name] as RouteFunction);
        return [id, { ...route, module: module as unknown as typeof route.module }];
      }),
    ),
  });
  if (typeof build !== "function") return wrap(build) as B;
  return (async () => wrap(await build())) as B;
}

/** Every 503 says when to come back, whoever answered it (a page, a `.data` request, a route's own throw). */
export function retryAfterOn503(): RequestHandler {
  return (_req, res, next) => {
    onHeaders(res, () => {
      if (res.statusCode === 503 && !res.getHeader("retry-after"))
        res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
    });
    next();
  };
}

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
      return void res
        .status(503)
        .set("Retry-After", String(RETRY_AFTER_SECONDS))
        .type("text/plain")
        .send(unavailableMessage);
    }
    const status = Number((error as { status?: unknown }).status);
    if (status >= 400 && status < 500)
      return void res.status(status).type("text/plain").send("The request could not be read.");
    log.error({ err: error, path: req.path }, "request failed");
    res.status(500).type("text/plain").send("Something went wrong. Please try again in a moment.");
  };
}
