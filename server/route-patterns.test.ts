import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routePatterns } from "./route-patterns";

// The shape of React Router's server build route table: ids, parents and each route's own path segment.
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const build = {
  routes: {
    root: route("root", undefined, ""),
    home: route("home", "root", undefined, true),
    flavour: route("flavour", "root", "flavour/:id"),
    robots: route("robots", "root", "robots.txt"),
    adminLayout: route("adminLayout", "root"),
    adminOrders: route("adminOrders", "adminLayout", "admin/orders"),
    adminOrder: route("adminOrder", "adminLayout", "admin/orders/:id"),
    notFound: route("notFound", "root", "*"),
  },
} as unknown as ServerBuild;

describe("route patterns for metrics", () => {
  const routeOf = routePatterns(build);
  it("names a path by its route's pattern, data requests by their page", () => {
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/_.data")).toBe("/");
    expect(routeOf("/flavour/abc123")).toBe("/flavour/:id");
    expect(routeOf("/flavour/abc123.data")).toBe("/flavour/:id");
    expect(routeOf("/admin/orders")).toBe("/admin/orders");
    expect(routeOf("/admin/orders/ABCDEFGH")).toBe("/admin/orders/:id");
    expect(routeOf("/robots.txt")).toBe("/robots.txt");
  });
  it("keeps the labels few: unknown paths are '*', files 'static', the server's own paths themselves", () => {
    expect(routeOf("/no/such/page")).toBe("/*");
    expect(routeOf("/favicon.svg")).toBe("static");
    expect(routeOf("/assets/entry-abc.js")).toBe("/assets/*");
    expect(routeOf("/uploads/abc-640.avif")).toBe("/uploads/*");
    expect(routeOf("/healthz")).toBe("/healthz");
    expect(routeOf("/api/auth/callback/google")).toBe("/api/auth/*");
  });
});
