import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { loader as aboutLoader } from "~/routes/about";
import { loader as suggestLoader } from "~/routes/api-search";
import { loader as blogLoader } from "~/routes/blog";
import { loader as blogPostLoader } from "~/routes/blog-post";
import { loader as latestPostLoader } from "~/routes/blogdetail";
import { loader as flavoursLoader } from "~/routes/flavours";
import { loader as homeLoader } from "~/routes/home";
import { loader as productsLoader } from "~/routes/products";
import { loader as searchLoader } from "~/routes/search";
import { loader as sitemapLoader } from "~/routes/sitemap";
import { createTestContext } from "~/testing/test-context";

// DEMO_CONTENT=off (docs/decisions/026): a new shop starts with no devices, flavours, reviews or posts. Every page a
// visitor can open answers with its empty state; only the latest post, which does not exist, is a 404.

type Loader = (args: never) => Promise<unknown>;

describeEachDatabase("an empty shop (DEMO_CONTENT=off)", (testDb) => {
  let context: Awaited<ReturnType<typeof createTestContext>> | undefined;
  const open = async (loader: Loader, path: string, params: Record<string, string> = {}) => {
    context ??= await createTestContext(testDb());
    const request = new Request(`http://shop.test${path}`);
    return loader({ request, context: { ...context(), pageUse: { session: false } }, params } as never);
  };
  const status = async (loader: Loader, path: string, params: Record<string, string> = {}) => {
    try {
      await open(loader, path, params);
      return 200;
    } catch (thrown) {
      // A loader's `throw data(null, { status })`.
      const answered = (thrown as { init?: { status?: number } }).init?.status;
      if (answered === undefined) throw thrown;
      return answered;
    }
  };

  it("home shows no devices, no flavours, no reviews and no posts", async () => {
    for (const path of ["/", "/?device=hayati-mini-1500"]) {
      expect(await open(homeLoader, path)).toMatchObject({
        devices: [],
        filters: "[]",
        flavours: [],
        reviews: [],
        posts: [],
      });
    }
  });

  it("/about shows no figures and no story: nothing is counted and nobody wrote any (docs/decisions/037)", async () => {
    expect(await open(aboutLoader, "/about")).toMatchObject({ figures: [], story: null, offers: null });
  });

  it("/products and /flavours are one empty page, whatever page or sort is asked for", async () => {
    for (const path of ["/products", "/products?page=7&sort=name", "/products?sort=flavours"]) {
      expect(await open(productsLoader, path)).toMatchObject({ cards: [], totalItems: 0, page: 1, totalPages: 1 });
    }
    for (const path of ["/flavours", "/flavours?page=3", "/flavours?device=hayati-mini-1500"]) {
      expect(await open(flavoursLoader, path)).toMatchObject({
        filters: "[]",
        flavours: [],
        totalItems: 0,
        page: 1,
        totalPages: 1,
      });
    }
  });

  it("/blog has no posts and no 'view more'; the latest post and any post are not found", async () => {
    expect(await open(blogLoader, "/blog?page=2")).toEqual({ posts: [], page: 1, total: 0, hasMore: false });
    expect(await status(latestPostLoader, "/blogdetail")).toBe(404);
    expect(
      await status(blogPostLoader, "/blog/choosing-the-right-nicotine-strength", {
        slug: "choosing-the-right-nicotine-strength",
      }),
    ).toBe(404);
  });

  it("search finds nothing, on its page and in the header's suggestions", async () => {
    expect(await open(searchLoader, "/search?q=mango")).toMatchObject({
      query: "mango",
      cards: [],
      totalItems: 0,
      problem: null,
    });
    const suggestions = (await open(suggestLoader, "/api/search?q=mango")) as Response;
    expect([suggestions.status, await suggestions.json()]).toEqual([200, { query: "mango", results: [], total: 0 }]);
  });

  it("the sitemap still lists the shop's own pages", async () => {
    const response = (await open(sitemapLoader, "/sitemap.xml")) as Response;
    const xml = await response.text();
    expect(response.status).toBe(200);
    expect(xml).toContain("<loc>http://shop.test/products</loc>");
    expect(xml).not.toContain("/productdetail/");
    expect(xml).not.toContain("/blog/");
  });
});
