import type { Server } from "node:http";
import { Server as NetServer } from "node:net";
import type { ShopServer } from "./app";

export type StopReport = { signal: string; ms: number; inFlightAtSignal: number; cut: number };

/**
 * Idle keep-alive connections are closed this long after the signal, and swept as often again. Not at once: a
 * request the client sent just before the signal may still sit unread in the socket while the server is busy, and
 * closing its "idle" connection would cut it. By then it has been read and is answered (with `Connection: close`).
 */
const IDLE_SWEEP_MS = 100;

/**
 * Graceful stop in the order a load balancer expects (docs/decisions/011):
 * 1. stop accepting connections; /healthz answers 503 'stopping';
 * 2. close idle keep-alive connections, and answer anything still arriving on a busy one with `Connection: close`;
 * 3. let requests in flight finish, for at most `timeoutMs`; only then cut what is left;
 * 4. run the close steps (job workers, e-mails being sent), then close the database.
 * No request is served after the database closes: by then every connection is gone.
 */
export async function stopGracefully(
  server: Server,
  shop: ShopServer,
  signal: string,
  timeoutMs: number,
): Promise<StopReport> {
  const started = performance.now();
  const inFlightAtSignal = shop.inFlight();
  shop.log.info({ signal, inFlight: inFlightAtSignal, timeoutMs }, "shutting down: finishing requests in flight");
  shop.drain();
  // net.Server's close: stop listening. http.Server's own close would also drop idle connections at once (above).
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)));
  const late = await Promise.race([closed.then(() => false), timedOut]);
  clearInterval(sweep);
  clearTimeout(timer);
  let cut = 0;
  if (late) {
    cut = shop.inFlight();
    shop.log.warn({ open: cut, timeoutMs }, "requests still open at SHUTDOWN_TIMEOUT_MS; closing them");
    server.closeAllConnections();
    await closed;
  }
  await shop.close();
  return { signal, ms: Math.round(performance.now() - started), inFlightAtSignal, cut };
}
