// The shop's own Express adapter for React Router (docs/decisions/077): what @react-router/express 8.4.0 does, in 60
// lines, so that React Router can move on without waiting for that package (it has no 8.5 release, and pins its peer
// react-router to exactly 8.4.0). A request becomes a Fetch Request, React Router answers it, and the answer is
// written back to Node's response as it streams.
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";

export type GetLoadContext = (
  req: ExpressRequest,
  res: ExpressResponse,
) => RouterContextProvider | Promise<RouterContextProvider>;

/** Express middleware that answers with React Router; its errors go to Express's error handlers. */
export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext?: GetLoadContext;
  mode?: string;
}) {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction): Promise<void> => {
    try {
      const request = fetchRequest(req, res);
      await sendResponse(res, await handleRequest(request, await getLoadContext?.(req, res)));
    } catch (error) {
      next(error);
    }
  };
}

/** The request as React Router takes it: its origin from Host (or X-Forwarded-Host behind a trusted proxy). */
export function fetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy") ? (req.get("X-Forwarded-Host")?.split(":") ?? []) : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const port = [forwardedPort, hostPort].map((p) => Number.parseInt(p ?? "", 10)).find(Number.isSafeInteger) ?? "";
  const host = `${req.hostname.split(/[\\/?#@]/)[0] || "localhost"}${port ? `:${port}` : ""}`;
  const url = new URL(`${req.protocol}://${host}${req.originalUrl}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value) headers.set(name, value);
  }
  // A visitor who goes away aborts the request (loaders may stop); a finished response does not.
  let controller: AbortController | null = new AbortController();
  const signal = controller.signal;
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  return new Request(url.href, init);
}

/** Writes React Router's answer to Node's response; nothing if the visitor has gone. */
export async function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  if (isClosed(res)) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  // append, not set: a response may carry several Set-Cookie headers.
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!isClosed(res)) throw error;
  }
}

const isClosed = (res: ExpressResponse) => res.destroyed || res.writableEnded;
