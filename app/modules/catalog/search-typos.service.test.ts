import { expect, it } from "vitest";
import { bumpStorefrontVersion, readStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { newId } from "~/lib/ids.server";
import { searchCatalog } from "./catalog.service.server";
import { buildVocabulary, correctWords, trigramsOf, trigramSimilarity } from "./search-typos";

const similarity = (a: string, b: string) => trigramSimilarity(trigramsOf(a), trigramsOf(b));

it("compares words as pg_trgm's similarity() does", () => {
  // select similarity('strawbery', 'strawberry') → 0.75; similarity('mnago', 'mango') → 0.2 (PostgreSQL 16).
  expect(similarity("strawbery", "strawberry")).toBe(0.75);
  expect(similarity("mnago", "mango")).toBe(0.2);
  expect(similarity("ice", "ice")).toBe(1);
  expect([...trigramsOf("ice")]).toEqual(["  i", " ic", "ice", "ce "]);
});

it("corrects only longer letter words the vocabulary does not hold, to its nearest word", () => {
  const vocabulary = buildVocabulary(["Strawberry Ice", "Blue Razz Ice", "Mango 20mg", `["Mint", "Cola"]`]);
  expect(vocabulary.words).toEqual(["blue", "cola", "ice", "mango", "mint", "razz", "strawberry"]);
  expect(correctWords(vocabulary, ["strawbery", "ice"])).toEqual(new Map([["strawbery", "strawberry"]]));
  // Known words and the starts of known words are searched as typed.
  expect(correctWords(vocabulary, ["strawberry", "straw", "mang"])).toEqual(new Map());
  // Short words and numbers are never corrected; an unrelated word has no near word.
  expect(correctWords(vocabulary, ["icee", "ic", "mnt", "20mgg", "2000", "xylophone"])).toEqual(
    new Map([["icee", "ice"]]),
  );
  expect(correctWords(vocabulary, ["bleu"])).toEqual(new Map());
});

const now = new Date().toISOString();
async function addFlavours(db: Db, deviceName: string, flavours: Array<[name: string, description?: string]>) {
  const device = {
    id: newId(),
    slug: `typo-${newId(6)}`,
    name: deviceName,
    description: "A test device.",
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
  };
  await db.insertInto("devices").values(device).execute();
  const rows = flavours.map(([name, description = "A test flavour."]) => ({
    id: newId(),
    slug: `typo-${newId(6)}`,
    name,
    description,
    images: `["/images/x.svg"]`,
    price_cents: 499,
    sizes: "[20]",
    device_id: device.id,
    nicotine_mg_ml: 20,
    pod_ml: 2,
    bottle_ml: null,
    archived: 0,
    created_at: now,
    updated_at: now,
  }));
  await db.insertInto("flavours").values(rows).execute();
}

describeEachDatabase(
  "search that forgives a typo",
  (testDb) => {
    it("finds the Strawberry items from 'strawbery', and says what it searched for", async () => {
      const { db } = testDb();
      const exact = await searchCatalog(db, "strawberry", null, 100);
      expect(exact.totalItems).toBeGreaterThan(0);
      expect(exact.correction).toBeNull();
      const typo = await searchCatalog(db, "Strawbery", null, 100);
      expect(typo.correction).toEqual({ query: "strawberry", asTyped: 0 });
      expect(typo.totalItems).toBe(exact.totalItems);
      expect(typo.cards.map((c) => c.id)).toEqual(exact.cards.map((c) => c.id));
      // With another word: the items with both come first.
      const two = await searchCatalog(db, "strawbery ice", null, 5);
      expect(two.correction?.query).toBe("strawberry ice");
      expect(two.cards.slice(0, 2).map((c) => c.name)).toEqual(["Strawberry Ice", "Strawberry Raspberry Cherry Ice"]);
    });

    it("ranks an item with the word as typed above the corrected ones", async () => {
      const { db } = testDb();
      await addFlavours(db, "Typo Test Pod", [["Summer Field", "Tastes of wild strawbery jam."]]);
      const found = await searchCatalog(db, "strawbery", null, 100);
      expect(found.correction).toEqual({ query: "strawberry", asTyped: 1 });
      expect(found.cards[0]!.name).toBe("Summer Field");
      // Then every item "strawberry" finds, in its order: the names first ("Strawberry Banana", …).
      const corrected = await searchCatalog(db, "strawberry", null, 100);
      expect(found.cards.slice(1).map((c) => c.id)).toEqual(corrected.cards.map((c) => c.id));
      expect(found.cards[1]!.name).toMatch(/^Strawberry /);
      // Page 2 continues the same order.
      const first = await searchCatalog(db, "strawbery", "1", 2);
      const second = await searchCatalog(db, "strawbery", "2", 2);
      expect([...first.cards, ...second.cards].map((c) => c.name)).toEqual(found.cards.slice(0, 4).map((c) => c.name));
    });

    it("finds nothing for an unrelated word, and corrects no short word or number", async () => {
      const { db } = testDb();
      expect(await searchCatalog(db, "xylophone", null)).toMatchObject({ totalItems: 0, correction: null });
      expect(await searchCatalog(db, "qzxv", null)).toMatchObject({ totalItems: 0, correction: null });
      // "ie" and "mnt" are near words the catalogue has ("ice", "mint"), but too short to be corrected.
      expect((await searchCatalog(db, "mnt", null)).correction).toBeNull();
      expect((await searchCatalog(db, "20000", null)).correction).toBeNull();
      expect((await searchCatalog(db, "20mgg", null)).correction).toBeNull();
    });

    it("learns a newly shown item's words with the catalogue's next version", async () => {
      const { db } = testDb();
      const version = await readStorefrontVersion(db);
      expect(await searchCatalog(db, "quinceberry", null, 20, version)).toMatchObject({ totalItems: 0 });
      await addFlavours(db, "Orchard Pod", [["Quinceberry Cloud"]]);
      await bumpStorefrontVersion(db);
      const next = await readStorefrontVersion(db);
      const found = await searchCatalog(db, "quinseberry", null, 20, next);
      expect(found.correction?.query).toBe("quinceberry");
      expect(found.cards.map((c) => c.name)).toEqual(["Quinceberry Cloud"]);
    });
  },
  { seed: true },
);
