// The server's cheaper Link writes, byte for byte, what React Router's Link writes: the browser's Link hydrates it.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link as RouterLink, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isPlainPath, Link } from "./link";

/** Server-rendered HTML of a link on a page at `/flavour/abc` of a static router, as the shop's pages are rendered. */
async function html(component: typeof Link | typeof RouterLink, props: Record<string, unknown>) {
  const routes = [{ path: "/flavour/:id", element: createElement(component, props as never, "Blue Razz") }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/flavour/abc?size=10"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

const cases: Array<Record<string, unknown>> = [
  { to: "/" },
  { to: "/flavour/x7k2m9" },
  { to: "/products?sort=price-asc&page=2", className: "btn", title: "Next" },
  { to: "/search?q=mango ice", "aria-label": "Search again" },
  { to: "/info/privacy-notice", target: "_blank", rel: "noreferrer" },
  { to: "/wishlist", discover: "none" },
  { to: "/cart", prefetch: "intent" },
  { to: "/account", reloadDocument: true },
  { to: "/a/" },
  { to: "/a/../b" },
  { to: "/a/./b" },
  { to: "//elsewhere.test/x" },
  { to: "/products?" },
  { to: "/products#top" },
  { to: "/?device=hayati-mini-1500#flavours", preventScrollReset: true },
  { to: "/#flavours" },
  { to: "/products#" },
  { to: "/products?#top" },
  { to: "/a/..#top" },
  { to: "?cancel=confirm", preventScrollReset: true },
  { to: "." },
  { to: "../x" },
  { to: "https://www.royalmail.com/track-your-item" },
  { to: { pathname: "/products", search: "?page=3" } },
];

describe("Link on the server", () => {
  it.each(cases)("writes what React Router's Link writes: %o", async (props) => {
    expect(await html(Link, props)).toBe(await html(RouterLink, props));
  });

  it("takes the short way only for a path that resolves to itself", () => {
    for (const to of [
      "/",
      "/flavour/x7k2m9",
      "/products?sort=name&page=1200",
      "/search?q=mango%20ice",
      "/a/",
      "/#flavours",
      "/?device=hayati-mini-1500#flavours",
    ])
      expect(isPlainPath(to), to).toBe(true);
    for (const to of [
      "/a/../b",
      "/a/./b",
      "/..",
      "//x",
      "/products?",
      "/p#",
      "/p?#top",
      "/a/..#top",
      "/p#a#b",
      "/search?q=a b",
      "?x=1",
      ".",
      "../x",
      "https://x.test",
    ])
      expect(isPlainPath(to), to).toBe(false);
    expect(isPlainPath({ pathname: "/products" })).toBe(false);
  });
});
