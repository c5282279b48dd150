import { matchRoutes, type ServerBuild } from "react-router";
import { pagePath } from "~/lib/page-url";

/** Paths served before the pages, by prefix: their own label (static files, uploads, health, auth, metrics). */
const fixed: Array<[RegExp, string]> = [
  [/^\/assets\//, "/assets/*"],
  [/^\/uploads\//, "/uploads/*"],
  [/^\/api\/auth\//, "/api/auth/*"],
  [/^\/(healthz|livez|metrics|api\/orders)$/, ""],
];

/**
 * The route pattern a path belongs to ("/flavour/:id", not "/flavour/abc123"), for metrics labels that stay few.
 * Data requests ("/flavours.data", "/_.data") count as their page; anything no route takes is "*"; files are "static".
 */
export function routePatterns(build: ServerBuild | null): (pathname: string) => string {
  const routes = build ? Object.values(build.routes) : [];
  const byId = new Map(routes.map((route) => [route!.id, route!]));
  const fullPath = (id: string | undefined): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const flat = routes
    .filter((route) => route && (route.path !== undefined || route.index))
    .map((route) => ({ path: fullPath(route!.id) || "/" }));
  const known = new Map<string, string>();
  return (pathname) => {
    for (const [pattern, label] of fixed) if (pattern.test(pathname)) return label || pathname;
    const page = pagePath(pathname);
    const cached = known.get(page);
    if (cached) return cached;
    const matches = matchRoutes(flat, page);
    const matched = matches?.at(-1)?.route.path ?? "*";
    const label = matched.endsWith("*") && /\.[a-z0-9]+$/i.test(page) ? "static" : matched;
    if (known.size < 10_000) known.set(page, label);
    return label;
  };
}
