import type { Server } from "node:http";

/** Node's own limit for a whole request (5 minutes), which the header timeout may not exceed. */
const REQUEST_TIMEOUT_MS = 300_000;

/**
 * The server's connection timeouts behind a proxy (docs/decisions/032). An idle keep-alive connection stays open
 * `keepAliveMs` (default 65 s, above the 60 s nginx and load balancers keep theirs), so a proxy that reuses it never
 * meets a connection the shop is closing (a 502 'upstream prematurely closed', never retried for a POST). Node
 * requires the time allowed for a request's headers to be longer than the keep-alive, and the whole request's longer
 * still. On SIGTERM idle connections are closed at once all the same (server/shutdown.ts).
 */
export function applyConnectionTimeouts(server: Server, keepAliveMs: number): Server {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1000;
  server.requestTimeout = Math.max(REQUEST_TIMEOUT_MS, server.headersTimeout + 1000);
  return server;
}
