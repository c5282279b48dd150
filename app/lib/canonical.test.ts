import { expect, it } from "vitest";
import { canonicalUrl } from "./canonical";

it("keeps only the parameters that change what a page shows", () => {
  const o = "https://shop.example";
  expect(canonicalUrl(o, "/products", "?sort=price-asc&page=3&utm_source=x")).toBe(`${o}/products?page=3`);
  expect(canonicalUrl(o, "/products", "?page=1")).toBe(`${o}/products`);
  expect(canonicalUrl(o, "/flavours", "?page=2&device=hayati-mini-1500")).toBe(
    `${o}/flavours?device=hayati-mini-1500&page=2`,
  );
  expect(canonicalUrl(o, "/search", "?q=mango+ice&page=2")).toBe(`${o}/search?q=mango+ice&page=2`);
  expect(canonicalUrl(o, "/flavour/abc", "?ref=mail")).toBe(`${o}/flavour/abc`);
  expect(canonicalUrl(o, "/", "")).toBe(`${o}/`);
});
