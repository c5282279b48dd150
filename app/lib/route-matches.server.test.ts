import { createStaticHandler, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { rememberingMatcher, type RouteMatcher } from "./route-matches.server";

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

/** React Router's own matcher for the tree, as a page's render gets it, and how often it was asked each path. */
async function matcherOf(routes: RouteObject[]) {
  const context = await createStaticHandler(routes).query(new Request("http://shop.test/about"));
  if (context instanceof Response) throw new Error("the query answered a Response");
  const asked = new Map<string, number>();
  const match: RouteMatcher = (location) => {
    const path = typeof location === "string" ? location : (location.pathname ?? "");
    asked.set(path, (asked.get(path) ?? 0) + 1);
    return context._match(location);
  };
  return { original: context._match, match, asked };
}

const shape = (matches: ReturnType<RouteMatcher>) =>
  matches?.map(({ route, params, pathname, pathnameBase }) => ({ id: route.id, params, pathname, pathnameBase }));

const paths = ["/", "/about", "/flavour", "/flavour/mango-ice", "/account/orders/7", "/admin/orders", "/no/such/page"];

describe("rememberingMatcher", () => {
  it("answers every path as React Router does, and asks it once per path", async () => {
    for (const notFound of [true, false]) {
      const { original, match, asked } = await matcherOf(pages(notFound));
      const remembered = rememberingMatcher(match);
      for (let round = 0; round < 3; round++)
        for (const path of paths) expect(shape(remembered(path)), path).toEqual(shape(original(path)));
      expect(shape(remembered("/no/such/page"))).toEqual(
        notFound ? [expect.objectContaining({ id: "root" }), expect.objectContaining({ id: "not-found" })] : undefined,
      );
      expect([...asked.values()]).toEqual(paths.map(() => 1));
    }
  });

  it("gives each caller its own matches, so none can change the next answer", async () => {
    const { match } = await matcherOf(pages(true));
    const remembered = rememberingMatcher(match);
    const first = remembered("/flavour/mango-ice")!;
    (first[1]!.params as Record<string, string>).id = "changed";
    first.pop();
    const again = remembered("/flavour/mango-ice")!;
    expect(again).toHaveLength(2);
    expect(again[1]!.params).toEqual({ id: "mango-ice" });
    expect(again[1]!.route.id).toBe("flavour");
  });

  it("keeps at most as many paths as it is told, the oldest going first", async () => {
    const { match, asked } = await matcherOf(pages(true));
    const remembered = rememberingMatcher(match, 2);
    for (const path of ["/", "/about", "/flavour", "/about", "/"]) remembered(path);
    // "/" was the oldest when "/flavour" came, so it was asked again; "/about" was still kept.
    expect(Object.fromEntries(asked)).toEqual({ "/": 2, "/about": 1, "/flavour": 1 });
  });

  it("is one memory per matcher, and passes a location object through", async () => {
    const { match, asked } = await matcherOf(pages(true));
    expect(rememberingMatcher(match)).toBe(rememberingMatcher(match));
    const remembered = rememberingMatcher(match);
    remembered({ pathname: "/about" });
    remembered({ pathname: "/about" });
    expect(asked.get("/about")).toBe(2);
  });
});
