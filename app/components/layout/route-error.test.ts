import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import * as adminLayout from "~/routes/admin/layout";
import * as cart from "~/routes/cart";
import * as cartAddress from "~/routes/cart-address";
import * as cartShipping from "~/routes/cart-shipping";
import * as payment from "~/routes/payment";
import * as root from "~/root";

// What a visitor reads when a page fails, by the part of the shop they were in.

type Boundary = (props: { error: unknown; params: Record<string, string> }) => unknown;
// Inside a data router, as in the shop (a boundary may read its route's loader data).
const render = (boundary: unknown, error: unknown) => {
  const Stub = createRoutesStub([
    { path: "/", Component: () => createElement(boundary as Boundary as never, { error, params: {} } as never) },
  ]);
  return renderToStaticMarkup(createElement(Stub));
};
const response = (status: number) => ({ status, statusText: "", internal: false, data: null });

describe("error pages", () => {
  it("checkout steps keep the shopper in the checkout, with their cart kept", () => {
    for (const route of [cart, cartAddress, cartShipping, payment]) {
      const html = render(route.ErrorBoundary, new Error("boom"));
      expect(html).toContain("Something went wrong");
      expect(html).toContain('href="/cart"');
      expect(html).toContain("Back to your cart");
      expect(html).toContain("Your cart is kept");
    }
  });

  it("the back office offers the way back to the back office, not the shop", () => {
    const html = render(adminLayout.ErrorBoundary, new Error("boom"));
    expect(html).toContain('href="/admin"');
    expect(html).toContain("Back to the back office");
    expect(html).not.toContain("Your cart is kept");
  });

  it("the rest of the shop goes back to the shop; 404 and 503 keep their own pages everywhere", () => {
    expect(render(root.ErrorBoundary, new Error("boom"))).toContain("Back to the shop");
    expect(render(root.ErrorBoundary, response(400))).toContain("(error 400)");
    for (const boundary of [root.ErrorBoundary, payment.ErrorBoundary, adminLayout.ErrorBoundary]) {
      expect(render(boundary, response(404))).toContain("Page not found");
      expect(render(boundary, response(503))).toContain("right back");
    }
  });
});
