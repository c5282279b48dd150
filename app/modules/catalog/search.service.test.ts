import { expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { newId } from "~/lib/ids.server";
import { searchCatalog } from "./catalog.service.server";
import { fts5Queries, searchWords, tsQueries } from "./search-terms";

it("reads a search as plain words: any case, accents off, punctuation and query syntax dropped", () => {
  expect(searchWords("  Crème BRÛLÉE, crème!  ")).toEqual(["creme", "brulee"]);
  expect(searchWords(`' or '1'='1 "; drop table products; -- %_\\ <script>`)).toEqual([
    "or",
    "1",
    "drop",
    "table",
    "products",
    "script",
  ]);
  expect(searchWords("% _ \\ \" ' -- *")).toEqual([]);
  expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  expect(fts5Queries(["mango", "i"])).toEqual({
    any: `"mango"* OR "i"`,
    tiers: [
      `name : ("mango"* AND "i")`,
      `{name tag flavours} : ("mango"* AND "i")`,
      `"mango"* AND "i"`,
      `name : ("mango"* OR "i")`,
      `{name tag flavours} : ("mango"* OR "i")`,
    ],
    parts: `"mango"`,
  });
  expect(tsQueries(["mango", "i"])).toEqual({
    any: "mango:* | i",
    tiers: ["mango:*A & i:A", "mango:*AB & i:AB", "mango:* & i", "mango:*A | i:A", "mango:*AB | i:AB"],
    parts: ["%mango%"],
  });
});

const now = new Date().toISOString();
const deviceRow = (name: string, description = "A test device.") => ({
  id: newId(),
  slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${newId(6)}`,
  name,
  description,
  images: "[]",
  price_cents: 1999,
  original_price_cents: null,
  flavours: "[]",
  nicotine_strengths: "[20]",
  puff_counts: null,
  features: "[]",
  details_description: "",
  specifications: "[]",
  nicotine_mg_ml: 20,
  pod_ml: 2,
  rechargeable: 1,
  featured: 0,
  position: 99,
  archived: 0,
  created_at: now,
  updated_at: now,
});
const flavourRow = (deviceId: string, name: string, description = "A test flavour.") => ({
  id: newId(),
  slug: `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${newId(6)}`,
  name,
  description,
  images: `["/images/x.svg"]`,
  price_cents: 499,
  sizes: "[20]",
  device_id: deviceId,
  nicotine_mg_ml: 20,
  pod_ml: 2,
  bottle_ml: null,
  archived: 0,
  created_at: now,
  updated_at: now,
});

async function addItems(db: Db, deviceName: string, flavours: Array<[name: string, description?: string]>) {
  const device = deviceRow(deviceName);
  await db.insertInto("devices").values(device).execute();
  const rows = flavours.map(([name, description]) => flavourRow(device.id, name, description));
  await db.insertInto("flavours").values(rows).execute();
  return { device, flavours: rows };
}

const names = async (db: Db, query: string) => (await searchCatalog(db, query, null, 50)).cards.map((c) => c.name);

describeEachDatabase(
  "catalogue search",
  (testDb) => {
    it("finds flavours by name in any case", async () => {
      const result = await searchCatalog(testDb().db, "bLuE rAzZ", null);
      expect(result.totalItems).toBeGreaterThan(0);
      expect(result.cards[0]!.name).toMatch(/blue razz/i);
    });

    it("puts the items with every word first: a device and its flavours before items with only some of the words", async () => {
      const { db } = testDb();
      const result = await searchCatalog(db, "hayati mini", null, 17);
      expect(result.cards[0]).toMatchObject({ kind: "device", name: "Hayati Mini 1500" });
      expect(result.cards.slice(1).every((c) => c.kind === "flavour" && c.tag === "Hayati Mini 1500")).toBe(true);
      expect(result.totalItems).toBeGreaterThan(17); // other Hayati devices and flavours follow
      const next = await searchCatalog(db, "hayati mini", "2", 17);
      expect(next.cards.every((c) => c.tag !== "Hayati Mini 1500" && c.name !== "Hayati Mini 1500")).toBe(true);
      expect(next.cards.every((c) => /hayati|mini/i.test(`${c.name} ${c.tag}`))).toBe(true);
    });

    it("ranks a name match above a description match, and pages the results", async () => {
      const { db } = testDb();
      await addItems(db, "Zorblax Device", [
        ["Quiet Pear", "Tastes of zorblax fruit."],
        ["Zorblax Melon"],
        ["Loud Plum", "A hint of zorblax."],
      ]);
      const found = await names(db, "ZORBLAX");
      expect(found.slice(0, 2).sort()).toEqual(["Zorblax Device", "Zorblax Melon"]);
      expect(found.slice(2).sort()).toEqual(["Loud Plum", "Quiet Pear"]);
      const page2 = await searchCatalog(db, "zorblax", "2", 3);
      expect(page2).toMatchObject({ page: 2, totalPages: 2, totalItems: 4 });
      expect(page2.cards).toHaveLength(1);
      expect((await searchCatalog(db, "zorblax", "99", 3)).page).toBe(2);
    });

    it("ignores accents and case both ways, and finds words by their start and parts of words", async () => {
      const { db } = testDb();
      await addItems(db, "Patisserie Pod", [["Crème Brûlée Quux"], ["Creme Caramel Quux"]]);
      expect(await names(db, "creme brulee")).toContain("Crème Brûlée Quux");
      expect((await names(db, "CRÈME BRÛLÉE"))[0]).toBe("Crème Brûlée Quux");
      expect(await names(db, "crèm quu")).toEqual(expect.arrayContaining(["Crème Brûlée Quux", "Creme Caramel Quux"]));
      // A word inside a longer one: "berry" in "Blueberry", after every whole-word match.
      const berry = await searchCatalog(db, "berry", null, 100);
      expect(berry.cards.some((c) => c.name.startsWith("Blueberry"))).toBe(true);
    });

    it("takes quotes, SQL and markup as words, harmlessly", async () => {
      const { db } = testDb();
      const before = await db
        .selectFrom("devices")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow();
      for (const term of [
        "\u0000",
        "%",
        "_",
        "\\",
        '"',
        "'",
        '"unclosed',
        "NEAR(",
        "a AND OR NOT",
        "' or '1'='1",
        '"; drop table products; --',
        "<script>alert(1)</script>",
        "*",
      ]) {
        const result = await searchCatalog(db, term, null);
        expect(result.problem).toBeNull();
        expect(result.cards.every((c) => typeof c.name === "string")).toBe(true);
      }
      for (const term of ["%", "_", "\\", '"', "*", "100%xyzzy"])
        expect((await searchCatalog(db, term, null)).totalItems).toBe(0);
      expect(
        await db
          .selectFrom("devices")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow(),
      ).toEqual(before);
      expect((await searchCatalog(db, "mint", null)).totalItems).toBeGreaterThan(0);
    });

    it("keeps the index in step with every create, edit, archive, restore and delete", async () => {
      const { db } = testDb();
      const { device, flavours } = await addItems(db, "Glimmer Stick", [["Frostwhirl Lime"]]);
      const flavour = flavours[0]!;
      expect(await names(db, "frostwhirl")).toEqual(["Frostwhirl Lime"]);
      expect(await names(db, "glimmer")).toEqual(["Glimmer Stick", "Frostwhirl Lime"]);

      await db.updateTable("flavours").set({ name: "Snowdrift Lime" }).where("id", "=", flavour.id).execute();
      expect(await names(db, "frostwhirl")).toEqual([]);
      expect(await names(db, "snowdrift")).toEqual(["Snowdrift Lime"]);

      await db.updateTable("devices").set({ name: "Shimmer Stick" }).where("id", "=", device.id).execute();
      expect(await names(db, "glimmer")).toEqual([]);
      expect(await names(db, "shimmer")).toEqual(["Shimmer Stick", "Snowdrift Lime"]);
      expect((await searchCatalog(db, "snowdrift", null)).cards[0]).toMatchObject({
        tag: "Shimmer Stick",
        priceCents: 499,
      });

      await db.updateTable("flavours").set({ archived: 1 }).where("id", "=", flavour.id).execute();
      expect(await names(db, "snowdrift")).toEqual([]);
      await db.updateTable("flavours").set({ archived: 0, price_cents: 650 }).where("id", "=", flavour.id).execute();
      expect((await searchCatalog(db, "snowdrift", null)).cards[0]).toMatchObject({
        name: "Snowdrift Lime",
        priceCents: 650,
      });

      await db.updateTable("devices").set({ archived: 1 }).where("id", "=", device.id).execute();
      expect(await names(db, "shimmer")).toEqual([]);
      expect(await names(db, "snowdrift")).toEqual([]);
      await db.updateTable("devices").set({ archived: 0 }).where("id", "=", device.id).execute();
      expect(await names(db, "shimmer")).toEqual(["Shimmer Stick", "Snowdrift Lime"]);

      await db.deleteFrom("flavours").where("id", "=", flavour.id).execute();
      await db.deleteFrom("devices").where("id", "=", device.id).execute();
      expect(await names(db, "shimmer")).toEqual([]);
      expect(
        await db
          .selectFrom("catalog_items")
          .select("item_id")
          .where("item_id", "in", [device.id, flavour.id])
          .execute(),
      ).toEqual([]);
    });

    it("gives nothing for an empty search and a message for an over-long one", async () => {
      expect(await searchCatalog(testDb().db, "   ", null)).toMatchObject({ totalItems: 0, problem: null, query: "" });
      const long = await searchCatalog(testDb().db, "a".repeat(101), null);
      expect(long.problem).toBe("Please use at most 100 characters to search.");
      expect(long.cards).toEqual([]);
    });
  },
  { seed: true },
);
