import { expect, test } from "@playwright/test";
import { confirmAgeByCookie } from "./support/shop";

type Offer = { sku: string; price: string; priceCurrency: string; availability: string; url: string };
type AggregateOffer = { lowPrice: string; highPrice: string; offerCount: number; offers: Offer[] };

test("robots.txt, sitemap.xml and favicon.ico answer with their types", async ({ request }) => {
  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  expect(robots.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await robots.text()).toMatch(/Disallow: \/admin\n[\s\S]*Sitemap: http:\/\/\S+\/sitemap\.xml/);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  const xml = await sitemap.text();
  expect(xml).toContain("<urlset");
  expect(xml).toMatch(/<loc>http:\/\/\S+\/productdetail\/[a-z0-9]+<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
  expect(xml).toMatch(/<loc>http:\/\/\S+\/flavour\/[a-z0-9]+<\/loc>/);
  expect((await request.get("/sitemaps/1.xml")).status()).toBe(404); // one file holds the demo shop
  expect((await request.get("/sitemaps/../etc")).status()).toBe(404);

  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
});

test("device and flavour pages carry Product and BreadcrumbList data matching the page; every page a canonical link", async ({
  page,
  context,
  baseURL,
}) => {
  await confirmAgeByCookie(context, baseURL!);
  for (const list of ["/products?sort=devices", "/flavours"]) {
    await page.goto(list);
    await page.locator("article a").first().click();
    await page.waitForURL(/\/(productdetail|flavour)\/[a-z0-9]+$/);
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(2);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
    const product = data.find((d) => d["@type"] === "Product") as {
      name: string;
      offers: Offer & Partial<AggregateOffer>;
    };
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(product.name);
    // One Offer per variant (under an AggregateOffer when there are several): the one chosen on the page is among them,
    // at the price the page shows.
    const offers = product.offers.offers ?? [product.offers];
    const sku = (await page
      .getByRole("main")
      .getByText(/^SKU: /)
      .textContent())!.replace("SKU: ", "");
    const chosen = offers.find((o) => o.sku === sku)!;
    expect(chosen, `an offer for ${sku}`).toBeDefined();
    await expect(page.getByRole("main").getByText(`£${chosen.price}`).first()).toBeVisible();
    if (product.offers.offers) {
      const prices = offers.map((o) => Number(o.price));
      expect(product.offers).toMatchObject({
        "@type": "AggregateOffer",
        offerCount: offers.length,
        lowPrice: Math.min(...prices).toFixed(2),
        highPrice: Math.max(...prices).toFixed(2),
      });
    }
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe("GBP");
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|LimitedAvailability|OutOfStock)$/);
      expect(new URL(offer.url).pathname).toBe(new URL(page.url()).pathname);
    }
    const crumbs = data.find((d) => d["@type"] === "BreadcrumbList") as {
      itemListElement: Array<{ name: string; position: number }>;
    };
    expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2, 3]);
    expect(crumbs.itemListElement.at(-1)!.name).toBe(product.name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      "href",
      new URL(page.url()).href.replace(/\?.*$/, ""),
    );
  }
  await page.goto("/products?sort=price-asc&page=2&utm_source=mail");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/products\?page=2$/);
});

test("the home page describes the shop (Organization) and a post itself (BlogPosting)", async ({
  page,
  context,
  baseURL,
}) => {
  await confirmAgeByCookie(context, baseURL!);
  const jsonLd = async () =>
    (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
      (t) => JSON.parse(t) as Record<string, unknown>,
    );
  await page.goto("/");
  const shop = (await jsonLd()).find((d) => d["@type"] === "Organization")!;
  expect(shop).toMatchObject({
    name: expect.any(String),
    email: expect.stringContaining("@"),
    telephone: expect.any(String),
  });
  await expect(page.getByRole("contentinfo")).toContainText(shop.name as string);
  await page.goto("/blog");
  await page.getByRole("main").getByRole("article").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  const post = (await jsonLd()).find((d) => d["@type"] === "BlogPosting")!;
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.headline as string);
  expect(post.datePublished).toMatch(/^\d{4}-\d\d-\d\d/);
});
