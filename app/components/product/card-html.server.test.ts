// The cards a grid's HTML is made of on the server are, byte for byte, what React writes for the shop's ProductCard in
// a page: the browser hydrates them as such (decision 054).
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { createCardsHtml } from "./card-html.server";
import { CardGrid, CardHtmlContext, type CardsHtml, type GridCard } from "./product-card";

const inStock = { tracked: true, quantity: 40 };

const cards: GridCard[] = [
  {
    key: "a",
    to: "/flavour/a1",
    name: "Blue Razz",
    image: "/images/catalog/a.svg",
    priceCents: 499,
    tag: "Hayati Pro",
    stock: inStock,
    eager: true,
    wish: { kind: "flavour", itemId: "a1" },
  },
  {
    key: "b",
    to: "/flavour/b2",
    name: "Strawberry Kiwi Lemonade",
    image: null,
    priceCents: 1099,
    tag: "Crystal <Pro> & Co",
    stock: { tracked: true, quantity: 0 },
    wish: { kind: "flavour", itemId: "b2" },
  },
  {
    key: "c",
    to: "/productdetail/c3",
    name: 'Élan "Axis" 10K',
    image: "/uploads/c3.jpg",
    priceCents: 2500,
    tag: "Device",
    stock: { tracked: false, quantity: 0 },
    level: 2,
  },
  {
    key: "d",
    to: "/flavour/d4",
    name: "Mint",
    image: "/images/catalog/d.svg",
    priceCents: 350,
    tag: "Lumen",
    stock: { tracked: true, quantity: 3 },
    level: 3,
  },
];

/** A page at /flavours of a static router whose root loader hands out the shop's settings, as the shop's pages do. */
async function page(gridCards: GridCard[], currency: string, cardsHtml: CardsHtml | null) {
  const grid = createElement(CardGrid, { cards: gridCards });
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ settings: { currency, lowStockThreshold: 5 } }),
      children: [{ path: "flavours", element: grid }],
      element: createElement(Outlet),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://shop.test/flavours"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  const app = createElement(StaticRouterProvider, { router, context, hydrate: false });
  return renderToString(createElement(CardHtmlContext.Provider, { value: cardsHtml }, app));
}

describe("a card's name", () => {
  it("is shown whole as its link, however long (docs/decisions/068), as React and the kept HTML write it", async () => {
    for (const cardsHtml of [null, createCardsHtml()]) {
      const html = await page(cards, "GBP", cardsHtml);
      const links = [...html.matchAll(/<h[23][^>]*><a [^>]*>(.*?)<\/a><\/h[23]>/g)].map(([, inner]) => inner);
      expect(links).toEqual(["Blue Razz", "Strawberry Kiwi Lemonade", "Élan &quot;Axis&quot; 10K", "Mint"]);
    }
  });
});

describe("cards written once and kept", () => {
  it.each(["GBP", "EUR"])("are what React writes for the cards themselves (%s)", async (currency) => {
    const cardsHtml = createCardsHtml();
    const asReact = await page(cards, currency, null);
    expect(asReact).toContain('<div class="contents"><article');
    expect(await page(cards, currency, cardsHtml)).toBe(asReact);
    // The first row is React's own (its images preloaded); the other three are written once, then kept.
    expect(cardsHtml.written()).toBe(3);
    expect(await page(cards, currency, cardsHtml)).toBe(asReact);
    expect(cardsHtml.written()).toBe(3);
  });

  it("writes a card again when anything it shows changed", async () => {
    const cardsHtml = createCardsHtml();
    const changed: GridCard[] = [
      { ...cards[1]!, priceCents: 999 },
      { ...cards[1]!, name: "Strawberry Kiwi" },
      { ...cards[1]!, stock: { tracked: true, quantity: 12 } },
      { ...cards[1]!, image: "/images/catalog/new.svg" },
      { ...cards[1]!, wish: undefined },
      { ...cards[1]!, level: 2 },
    ];
    for (const card of changed) {
      const asReact = await page([card], "GBP", null);
      expect(await page([cards[1]!], "GBP", cardsHtml)).not.toBe(asReact);
      expect(await page([card], "GBP", cardsHtml)).toBe(asReact);
    }
    expect(await page([cards[1]!], "EUR", cardsHtml)).toBe(await page([cards[1]!], "EUR", null));
    expect(cardsHtml.written()).toBe(changed.length + 2);
  });

  it("keeps no more than it is told, letting the least recently used go", () => {
    const cardsHtml = createCardsHtml(2);
    const [, b, c, d] = cards;
    const settings = { currency: "GBP" };
    const first = cardsHtml([b!], settings);
    cardsHtml([c!], settings);
    cardsHtml([b!], settings); // b is used again: c is now the oldest
    cardsHtml([d!], settings);
    expect(cardsHtml.size()).toBe(2);
    expect(cardsHtml.written()).toBe(3);
    expect(cardsHtml([b!], settings)).toBe(first);
    expect(cardsHtml.written()).toBe(3);
    cardsHtml([c!], settings); // let go, so written again
    expect(cardsHtml.written()).toBe(4);
  });
});
