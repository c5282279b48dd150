import { describe, expect, it } from "vitest";
import { pagePath, pageUrl } from "./page-url";

const path = (url: string) => {
  const page = pageUrl({ url: `http://shop.test${url}` });
  return page.pathname + page.search;
};

describe("the page a request is for", () => {
  it("is the page itself for a document request, query and all", () => {
    expect(path("/cart")).toBe("/cart");
    expect(path("/admin/orders?status=pending&q=a%20b")).toBe("/admin/orders?status=pending&q=a%20b");
    expect(path("/blog/")).toBe("/blog/");
  });

  it("is the page a data request is for, in React Router's v8 form", () => {
    expect(path("/cart.data")).toBe("/cart");
    expect(path("/_.data")).toBe("/");
    expect(path("/blog/_.data")).toBe("/blog/");
    expect(path("/admin/orders.data?status=pending&_routes=routes%2Fadmin%2Forders")).toBe(
      "/admin/orders?status=pending",
    );
    expect(path("/account/orders/ABC123.data?_routes=root,routes%2Faccount-order")).toBe("/account/orders/ABC123");
  });

  it("drops an action's empty index parameter, keeping one with a value", () => {
    expect(path("/admin.data?index")).toBe("/admin");
    expect(path("/search.data?index=7")).toBe("/search?index=7");
  });

  it("leaves a page whose own name ends in 'data' alone", () => {
    expect(pagePath("/account/data")).toBe("/account/data");
    expect(pagePath("/account/data.data")).toBe("/account/data");
  });
});
