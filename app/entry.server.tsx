import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import type { ShopContext } from "./context";
import { NonceProvider } from "./components/layout/nonce";
import { CardHtmlContext } from "./components/product/product-card";
import { cardsHtml } from "./components/product/card-html.server";
import { KeptHtmlContext } from "./components/ui/kept-html";
import { keptHtml } from "./components/ui/kept-html.server";
import { lowPriorityModulePreloads } from "./lib/script-priority.server";
import { WholePage } from "./lib/whole-page.server";
import { compressPage, pageEncoding } from "./lib/page-compression.server";
import { inlineScriptHashes, mayBeShared } from "./lib/script-hashes.server";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, warnUnavailable } from "./lib/unavailable.server";

export const streamTimeout = 5_000;

// Requests that failed because the database could not be reached: answered 503 with Retry-After, not 500.
const unavailableRequests = new WeakSet<Request>();

/**
 * Errors React Router caught on the server go to the shop's log. Answers that are the visitor's own doing (a 4xx:
 * a post to a page that takes none, an unknown id) and interrupted requests are not errors of the shop. A database
 * that cannot be reached is one warn line, and marks the request for a 503 (decision 011).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  const log = (context as Partial<ShopContext> | undefined)?.log;
  if (isDatabaseUnavailable(error)) {
    unavailableRequests.add(request);
    if (log) return warnUnavailable(log, error, new URL(request.url).pathname);
  }
  if (log) log.error({ err: error, path: new URL(request.url).pathname }, "request failed");
  else console.error(error);
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // The one place a page learns the database is down: the session read threw the 503 answer, or a loader or action
  // failed on the database (decision 011).
  if (responseStatusCode === 503 || unavailableRequests.has(request)) {
    responseStatusCode = 503;
    responseHeaders.set("Retry-After", String(RETRY_AFTER_SECONDS));
    responseHeaders.set("Cache-Control", "no-store");
  }
  // A page that may be answered `public` carries no nonce: nginx or a CDN would give that one to every visitor. Its
  // inline scripts are allowed by their hashes, noted for the server's CSP (server/page-cache.ts, issue 65).
  const shared = mayBeShared(request, responseStatusCode, responseHeaders, loadContext.pageUse);
  const nonce = shared ? undefined : loadContext.nonce;
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <CardHtmlContext.Provider value={cardsHtml}>
          <KeptHtmlContext.Provider value={keptHtml}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </KeptHtmlContext.Provider>
        </CardHtmlContext.Provider>
      </NonceProvider>,
      {
        nonce,
        // The whole page, then one body: the shop's pages have nothing to stream, and one body is compressed in one
        // go instead of a zlib round trip per chunk React writes (measured: the largest cost after rendering itself;
        // docs/decisions/017). Bots got the whole page before already. The page paints before its scripts are fetched
        // (low-priority module preloads, docs/decisions/016).
        onAllReady() {
          rendered = true;
          clearTimeout(timer);
          // Every part is ready, so React writes the whole page and ends it before pipe returns (decision 066).
          const page = new WholePage();
          try {
            pipe(page.destination());
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const html = lowPriorityModulePreloads(page.bytes());
            if (shared) loadContext.pageUse!.scriptHashes = inlineScriptHashes(html.toString("utf8"));
            const encoding =
              request.method === "HEAD" ? "identity" : pageEncoding(request.headers.get("accept-encoding"));
            compressPage(html, encoding).then((body) => {
              if (encoding !== "identity") responseHeaders.set("Content-Encoding", encoding);
              responseHeaders.append("Vary", "Accept-Encoding");
              responseHeaders.set("Content-Length", String(body.length));
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            }, reject);
          } catch (error) {
            reject(error);
          }
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (rendered) loadContext.log.error({ err: error }, "render error");
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
}
