import { expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { robotsTxt, sitemapDocument, sitemapEntries } from "./sitemap.service.server";

it("robots.txt opens the catalogue and blog, closes accounts, cart, checkout, back office and API, and names the sitemap", () => {
  const robots = robotsTxt("https://shop.example");
  expect(robots).toMatch(/^User-agent: \*\nAllow: \/\n/);
  for (const path of ["/admin", "/account", "/cart", "/cart-address", "/cart-shipping", "/payment", "/api/"])
    expect(robots).toContain(`\nDisallow: ${path}\n`);
  for (const path of ["/products", "/flavours", "/blog", "/productdetail", "/flavour/"])
    expect(robots).not.toContain(`Disallow: ${path}`);
  expect(robots).toContain("\nSitemap: https://shop.example/sitemap.xml\n");
});

describeEachDatabase(
  "sitemap",
  (testDb) => {
    it("lists exactly the visible devices, flavours and published posts, with lastmod, and the public pages", async () => {
      const { db } = testDb();
      const devices = await db.selectFrom("devices").select(["id", "archived"]).execute();
      const hidden = devices[0]!;
      await db.updateTable("devices").set({ archived: 1 }).where("id", "=", hidden.id).execute();
      const hiddenFlavours = await db.selectFrom("flavours").select("id").where("device_id", "=", hidden.id).execute();
      const draft = await db.selectFrom("posts").select("slug").where("draft", "=", 1).executeTakeFirstOrThrow();
      try {
        const entries = await sitemapEntries(db);
        const paths = entries.map((e) => e.path);
        expect(new Set(paths).size).toBe(paths.length);
        expect(paths.slice(0, 8)).toEqual([
          "/",
          "/products",
          "/flavours",
          "/about",
          "/blog",
          "/contactus",
          "/recycling",
          "/cancellation-form",
        ]);
        expect(paths.filter((p) => p.startsWith("/productdetail/"))).toHaveLength(devices.length - 1);
        expect(paths).not.toContain(`/productdetail/${hidden.id}`);
        for (const f of hiddenFlavours) expect(paths).not.toContain(`/flavour/${f.id}`);
        const visibleFlavours = await db
          .selectFrom("catalog_items")
          .select("item_id")
          .where("kind", "=", "flavour")
          .where("visible", "=", 1)
          .execute();
        expect(paths.filter((p) => p.startsWith("/flavour/")).sort()).toEqual(
          visibleFlavours.map((f) => `/flavour/${f.item_id}`).sort(),
        );
        expect(paths).not.toContain(`/blog/${draft.slug}`);
        expect(paths.filter((p) => p.startsWith("/blog/")).length).toBeGreaterThan(0);
        expect(paths.some((p) => /^\/(admin|account|cart|payment|api)/.test(p))).toBe(false);
        expect(
          entries
            .filter((e) => /^\/(productdetail|flavour|blog)\//.test(e.path))
            .every((e) => /^\d{4}-\d\d-\d\d/.test(e.lastmod ?? "")),
        ).toBe(true);

        const xml = (await sitemapDocument(db, "https://shop.example", null))!;
        expect(xml).toMatch(
          /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
        );
        expect(xml.match(/<url>/g)).toHaveLength(entries.length);
        expect(xml).toContain("<loc>https://shop.example/products</loc>");
        expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
      } finally {
        await db.updateTable("devices").set({ archived: 0 }).where("id", "=", hidden.id).execute();
      }
    });

    it("becomes an index of parts once there are more addresses than one file may hold", async () => {
      const { db } = testDb();
      const total = (await sitemapEntries(db)).length;
      const index = (await sitemapDocument(db, "https://shop.example", null, 40))!;
      const parts = Math.ceil(total / 40);
      expect(index).toContain("<sitemapindex");
      expect(index.match(/<sitemap>/g)).toHaveLength(parts);
      expect(index).toContain(`<loc>https://shop.example/sitemaps/${parts}.xml</loc>`);
      let listed = 0;
      for (let part = 1; part <= parts; part++)
        listed += (await sitemapDocument(db, "https://shop.example", part, 40))!.match(/<url>/g)!.length;
      expect(listed).toBe(total);
      expect(await sitemapDocument(db, "https://shop.example", parts + 1, 40)).toBeNull();
      expect(await sitemapDocument(db, "https://shop.example", 1)).toBeNull(); // one file only: no parts
    });
  },
  { seed: true },
);
