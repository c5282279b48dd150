import { safeLocalPath } from "./cookies";

/**
 * The page a path is for. Client-side navigation asks for a page's data at an address of React Router's own, in its
 * v8 form (future.v8_trailingSlashAwareDataRequests): `/cart.data` is /cart, `/blog/_.data` is /blog/ and `/_.data`
 * is the home page (docs/decisions/028).
 */
export function pagePath(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  return pathname.replace(/\.data$/, "");
}

/**
 * The address of the page a request is for, as the browser shows it. Loaders and actions get the request as it came
 * (future.v8_passThroughRequests), so a data request's URL has the `.data` form above, a `_routes` parameter naming
 * the routes to load, and an action's an empty `index` parameter. Addresses sent back to the browser (sign in, then
 * come back here) are made from this one.
 */
export function pageUrl(request: Pick<Request, "url">): URL {
  const url = new URL(request.url);
  url.pathname = pagePath(url.pathname);
  if (url.searchParams.has("_routes")) url.searchParams.delete("_routes");
  if (url.searchParams.getAll("index").includes("")) {
    const kept = url.searchParams.getAll("index").filter(Boolean);
    url.searchParams.delete("index");
    for (const value of kept) url.searchParams.append("index", value);
  }
  return url;
}

/**
 * This page's path and query to come back to after signing in (or after a step first): the path alone when the whole
 * is not a plain local path of at most 1,000 characters (docs/decisions/033), and the home page when neither is.
 */
export function returnPath(request: Pick<Request, "url">): string {
  const url = pageUrl(request);
  return safeLocalPath(url.pathname + url.search, safeLocalPath(url.pathname));
}
