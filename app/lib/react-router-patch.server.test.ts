// React Router as patched by the shop (patches/react-router+8.5.3.patch, docs/decisions/061 and 077): a static
// handler's matcher remembers its answer per path, and a build's routes are made once rather than on every render.
import { createElement, useContext } from "react";
import { renderToString } from "react-dom/server";
import {
  createRequestHandler,
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  Outlet,
  ServerRouter,
  UNSAFE_DataRouterContext as DataRouterContext,
  type EntryContext,
  type RouteObject,
  type ServerBuild,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";

// A tree shaped like the shop's: a root with a path of "", an index page, pages of one and two segments, a pathless
// layout, an id in the path; with and without the not-found route that catches every other path.
const pages = (notFound: boolean): RouteObject[] => [
  {
    id: "root",
    path: "",
    children: [
      { id: "home", index: true },
      { id: "about", path: "about" },
      { id: "flavour", path: "flavour/:id" },
      { id: "order", path: "account/orders/:id" },
      { id: "admin", children: [{ id: "admin-orders", path: "admin/orders" }] },
      ...(notFound ? [{ id: "not-found", path: "*" }] : []),
    ],
  },
];

type Matcher = (location: string) => ReturnType<typeof matchRoutes>;

/** The static handler's matcher, as a page's render gets it on its context. */
async function handlerMatcher(routes: RouteObject[]): Promise<Matcher> {
  const context = await createStaticHandler(routes).query(new Request("http://shop.test/about"));
  if (context instanceof Response) throw new Error("the query answered a Response");
  return (location) => context._match(location);
}

const shape = (matches: ReturnType<Matcher>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase }));

const paths = ["/", "/about", "/flavour", "/flavour/mango-ice", "/account/orders/7", "/admin/orders", "/no/such/page"];

afterEach(() => vi.restoreAllMocks());

describe("React Router's static handler, patched", () => {
  it("answers every path as React Router's own matchRoutes does, however often it is asked", async () => {
    for (const notFound of [true, false]) {
      const routes = pages(notFound);
      const match = await handlerMatcher(routes);
      for (let round = 0; round < 3; round++)
        for (const path of paths) expect(shape(match(path)), path).toEqual(shape(matchRoutes(routes, path)));
      expect(shape(match("/no/such/page"))).toEqual(
        notFound ? [expect.objectContaining({ id: "root" }), expect.objectContaining({ id: "not-found" })] : undefined,
      );
    }
  });

  it("does not try the routes again for a path it was asked before", async () => {
    const match = await handlerMatcher(pages(true));
    match("/account/orders/7");
    // Each route tried tests its pattern with String.prototype.match (React Router's matchPath).
    const tried = vi.spyOn(String.prototype, "match");
    expect(shape(match("/account/orders/7"))?.map((m) => m.id)).toEqual(["root", "order"]);
    expect(tried).not.toHaveBeenCalled();
    match("/admin/orders");
    expect(tried).toHaveBeenCalled();
  });

  it("gives each caller its own matches, their parameters shared between them as React Router does", async () => {
    const match = await handlerMatcher(pages(true));
    const first = match("/flavour/mango-ice")!;
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).id = "changed";
    first.pop();
    const again = match("/flavour/mango-ice")!;
    expect(again).toHaveLength(2);
    expect(again[1]!.params).toEqual({ id: "mango-ice" });
    expect(again[1]!.route.id).toBe("flavour");
  });

  it("still tells React Router the cost of a match, which bounds the manifest it sends for long paths (8.5.1)", () => {
    // Branches: root 1, the index, about, flavour, order and not-found 2 each, admin/orders 3 (root, layout, page).
    expect(createStaticHandler(pages(true))._matchCost).toBe(14);
  });

  it("asks with a location object as with its path", async () => {
    const routes = pages(true);
    const context = await createStaticHandler(routes).query(new Request("http://shop.test/"));
    if (context instanceof Response) throw new Error("the query answered a Response");
    expect(shape(context._match({ pathname: "/about", search: "?x=1" }))).toEqual(shape(matchRoutes(routes, "/about")));
    expect(shape(context._match("/about?x=1"))).toEqual(shape(matchRoutes(routes, "/about")));
  });
});

describe("React Router's routes for a render, patched", () => {
  it("makes a static router's data routes once for the same routes", async () => {
    const routes = pages(true);
    const context = await createStaticHandler(routes).query(new Request("http://shop.test/about"));
    if (context instanceof Response) throw new Error("the query answered a Response");
    const first = createStaticRouter(routes, context);
    const second = createStaticRouter(routes, context);
    expect(second.routes).toBe(first.routes);
    expect(createStaticRouter(pages(true), context).routes).not.toBe(first.routes);
    expect(second.state.matches.map((m) => m.route)).toEqual(first.state.matches.map((m) => m.route));
  });

  it("renders every page of a build with the same routes, and each page its own content", async () => {
    const seen: unknown[] = [];
    const Page = (name: string) =>
      function Shown() {
        seen.push(useContext(DataRouterContext)!.router.routes);
        return createElement("div", null, createElement("p", null, name), createElement(Outlet));
      };
    const manifestRoute = (id: string, path: string | undefined, index?: boolean) => ({
      id,
      parentId: id === "root" ? undefined : "root",
      path,
      index,
      module: `/${id}.js`,
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    });
    // What React Router hands every render of one build: the same manifest, modules and flags.
    const build = {
      future: {},
      manifest: {
        entry: { module: "/entry.js", imports: [] },
        url: "/manifest.js",
        version: "1",
        routes: {
          root: manifestRoute("root", ""),
          home: manifestRoute("home", undefined, true),
          about: manifestRoute("about", "about"),
        },
      },
      routeModules: {
        root: { default: Page("root") },
        home: { default: Page("home") },
        about: { default: Page("about") },
      },
    };
    const render = async (path: string) => {
      const handler = createStaticHandler([
        {
          id: "root",
          path: "",
          children: [
            { id: "home", index: true },
            { id: "about", path: "about" },
          ],
        },
      ]);
      const staticHandlerContext = await handler.query(new Request(`http://shop.test${path}`));
      if (staticHandlerContext instanceof Response) throw new Error("the query answered a Response");
      const context = {
        ...build,
        staticHandlerContext,
        ssr: true,
        isSpaMode: false,
        routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
        serializeError: (error: Error) => ({ message: error.message }),
      } as unknown as EntryContext;
      return renderToString(createElement(ServerRouter, { context, url: `http://shop.test${path}` }));
    };
    const about = await render("/about");
    const home = await render("/");
    expect(about).toContain("<p>root</p>");
    expect(about).toContain("<p>about</p>");
    expect(home).toContain("<p>home</p>");
    expect(home).not.toContain("<p>about</p>");
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(seen.every((routes) => routes === seen[0])).toBe(true);
  });
});

describe("React Router's request handler, patched", () => {
  it("hands every page of a build the same route modules, and renders them all with the same routes", async () => {
    const handed: EntryContext["routeModules"][] = [];
    const rendered: unknown[] = [];
    const Page = (name: string) =>
      function Shown() {
        rendered.push(useContext(DataRouterContext)!.router.routes);
        return createElement("div", null, createElement("p", null, name), createElement(Outlet));
      };
    const route = (id: string, path: string | undefined, index?: boolean) => ({
      id,
      parentId: id === "root" ? undefined : "root",
      path,
      index,
    });
    const manifestRoute = (id: string, path: string | undefined, index?: boolean) => ({
      ...route(id, path, index),
      module: `/${id}.js`,
      hasAction: false,
      hasLoader: false,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
    });
    // A server build as `react-router build` makes one: the route table, the browser's manifest, the document entry.
    const build = {
      entry: {
        module: {
          default: (request: Request, status: number, headers: Headers, context: EntryContext) => {
            handed.push(context.routeModules);
            const html = renderToString(createElement(ServerRouter, { context, url: request.url }));
            return new Response(html, {
              status,
              headers: { ...Object.fromEntries(headers), "content-type": "text/html" },
            });
          },
        },
      },
      routes: {
        root: { ...route("root", ""), module: { default: Page("root") } },
        home: { ...route("home", undefined, true), module: { default: Page("home") } },
        about: { ...route("about", "about"), module: { default: Page("about") } },
      },
      assets: {
        entry: { module: "/entry.js", imports: [] },
        url: "/manifest.js",
        version: "1",
        routes: {
          root: manifestRoute("root", ""),
          home: manifestRoute("home", undefined, true),
          about: manifestRoute("about", "about"),
        },
      },
      publicPath: "/",
      assetsBuildDirectory: "build/client",
      future: {},
      ssr: true,
      isSpaMode: false,
      prerender: [],
      basename: "/",
      routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    } as unknown as ServerBuild;
    const handle = createRequestHandler(build, "production");
    const about = await (await handle(new Request("http://shop.test/about"))).text();
    const home = await (await handle(new Request("http://shop.test/"))).text();
    expect(about).toContain("<p>about</p>");
    expect(home).toContain("<p>home</p>");
    expect(home).not.toContain("<p>about</p>");
    // createEntryRouteModules: one object for the build, without which ServerRouter could not keep its routes.
    expect(handed).toHaveLength(2);
    expect(handed[1]).toBe(handed[0]);
    // ServerRouter and createStaticRouter: the same routes for both pages.
    expect(rendered.length).toBeGreaterThanOrEqual(2);
    expect(rendered.every((routes) => routes === rendered[0])).toBe(true);
  });
});
