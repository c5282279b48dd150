import { expect, it } from "vitest";
import { readStorefrontVersion } from "~/db/content-version.server";
import { createDatabase } from "~/db/database.server";
import { prepareDatabase } from "~/db/prepare.server";
import { resetDatabase } from "~/db/reset.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { newId } from "~/lib/ids.server";
import {
  listCatalogPage,
  listDeviceCards,
  listFlavourPage,
  listReviews,
} from "~/modules/catalog/catalog.service.server";
import { listBlogPage } from "~/modules/content/blog.service.server";
import { insertMessage } from "~/modules/content/contact.repository.server";
import { demoDevices } from "./data/devices";
import { demoFlavours } from "./data/flavours";
import { demoPosts } from "./data/posts";
import { demoReviews } from "./data/reviews";
import { describeDemoPart, seedDemoContent } from "./seed.server";

/** What a shopper sees of the shop: devices, flavours, reviews and published posts. */
async function shopWindow(db: Parameters<typeof listDeviceCards>[0]) {
  return {
    devices: (await listDeviceCards(db)).map((d) => d.name),
    flavours: (await listFlavourPage(db)).totalItems,
    products: (await listCatalogPage(db, "featured", null)).totalItems,
    reviews: (await listReviews(db)).length,
    posts: (await listBlogPage(db, null)).total,
  };
}

const published = demoPosts.filter((p) => !p.draft && p.publishedAt <= new Date().toISOString()).length;
const everything = {
  devices: demoDevices.map((d) => d.name),
  flavours: demoFlavours.length,
  products: demoDevices.length + demoFlavours.length,
  reviews: demoReviews.length,
  posts: published,
};
const nothing = { devices: [], flavours: 0, products: 0, reviews: 0, posts: 0 };

describeEachDatabase("demo content (npm run db:seed, db:reset; DEMO_CONTENT)", (testDb) => {
  it("a new database without the demo content is an empty shop", async () => {
    expect(await shopWindow(testDb().db)).toEqual(nothing);
  });

  it("an empty database gets everything: the devices, their flavours, the reviews and the blog", async () => {
    const { db } = testDb();
    const before = await readStorefrontVersion(db);
    expect(await seedDemoContent(db)).toEqual(["catalogue", "blog"]);
    expect(await shopWindow(db)).toEqual(everything);
    expect(published).toBeGreaterThan(0);
    expect(await readStorefrontVersion(db)).toBeGreaterThan(before); // cached pages are dropped
  });

  it("seeding again adds nothing", async () => {
    const { db } = testDb();
    const version = await readStorefrontVersion(db);
    expect(await seedDemoContent(db)).toEqual([]);
    expect(await shopWindow(db)).toEqual(everything);
    expect(await readStorefrontVersion(db)).toBe(version);
  });

  it("says what each part holds, as the scripts print it", () => {
    expect(describeDemoPart("catalogue")).toBe(
      `the demo catalogue (${demoDevices.length} devices, ${demoFlavours.length} flavours, ${demoReviews.length} reviews)`,
    );
    expect(describeDemoPart("blog")).toMatch(new RegExp(`^the demo blog \\(${demoPosts.length} posts, `));
  });

  it("db:reset drops everything and loads the demo content again; with --empty it leaves an empty shop", async () => {
    const { url } = testDb();
    await insertMessage(
      testDb().db,
      newId(),
      {
        firstName: "Ann",
        lastName: "",
        email: "ann@example.com",
        phone: "07700900000",
        subject: "General Inquiry",
        message: "Hello there",
      },
      null,
      new Date().toISOString(),
    );
    const reopen = async <T>(look: (db: ReturnType<typeof createDatabase>) => Promise<T>) => {
      const db = createDatabase(url, { poolSize: 1 });
      try {
        return await look(db);
      } finally {
        await db.destroy();
      }
    };
    const messages = (db: ReturnType<typeof createDatabase>) => db.selectFrom("messages").select("id").execute();
    expect(await reopen(messages)).toHaveLength(1);

    const seeded = await resetDatabase(url, seedDemoContent);
    expect(seeded.migrations.length).toBeGreaterThan(10); // migrated from the start
    expect(seeded.loaded).toEqual(["catalogue", "blog"]);
    expect(await reopen(shopWindow)).toEqual(everything);
    expect(await reopen(messages)).toEqual([]);

    const empty = await resetDatabase(url);
    expect([empty.migrations.length, empty.loaded]).toEqual([seeded.migrations.length, []]);
    expect(await reopen(shopWindow)).toEqual(nothing);
    // DEMO_CONTENT=off: the server prepares a new database without a seed, and it stays empty.
    expect(await reopen((db) => prepareDatabase(db, url))).toEqual({ migrations: [], loaded: [] });
    expect(await reopen(shopWindow)).toEqual(nothing);
  });
});
