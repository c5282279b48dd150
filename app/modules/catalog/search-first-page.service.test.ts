// Both databases answer a page that the items with every word fill from those items alone, and only count the rest
// (docs/decisions/051, 058). Whichever way a search takes, the page and the total must be the ones the full ranking
// gives.
import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase, type TestDatabase } from "~/db/testing/test-database";
import { postgresSearchQuery, searchCatalogCards, sqliteSearchQuery } from "./search.repository.server";
import { searchWords } from "./search-terms";

/** More items with both words in the name than a page holds, some hidden, beside the demo's. */
async function addItems(testDb: TestDatabase) {
  const rows = Array.from({ length: 30 }, (_, i) => ({
    seq: 100_000 + i,
    kind: "flavour",
    item_id: `test-${i}`,
    device_id: "test-device",
    kind_order: 1,
    position: i,
    name: `${["Mango", "Peach", "Lime"][i % 3]} Ice ${String.fromCharCode(65 + (i % 26))}${i}`,
    tag: "Test pod",
    description: i % 4 === 0 ? "Cool mango and ice" : "A fruit",
    flavours: "",
    image: null,
    price_cents: 499,
    visible: i % 7 === 0 ? 0 : 1,
  }));
  for (const row of rows)
    await sql`insert into catalog_items ${sql.raw(`(${Object.keys(row).join(", ")})`)}
    values (${sql.join(Object.values(row))})`.execute(testDb.db);
}

async function fullRanking(testDb: TestDatabase, query: string, limit: number, offset: number) {
  const words = searchWords(query);
  const full = testDb.kind === "postgres" ? postgresSearchQuery : sqliteSearchQuery;
  const rows = (await full(words, limit, offset).page.execute(testDb.db)).rows;
  // Every match ranked, counted by hand: not by the count query the search itself uses.
  const total = (await full(words, 1_000_000, 0).page.execute(testDb.db)).rows.length;
  return { ids: rows.map((r) => r.id), tiers: rows.map((r) => r.tier), total };
}

describeEachDatabase(
  "search's first pages",
  (testDb) => {
    beforeAll(() => addItems(testDb()));

    it.each([
      ["mango ice", 8, 0],
      ["mango ice", 8, 8],
      ["mango ice", 8, 16],
      ["mango ice", 8, 24],
      ["ice", 8, 0],
      ["ice", 20, 20],
      ["peach ice", 4, 4],
      ["lime ice cool", 8, 0],
      ["blue razz", 8, 0],
      ["mango", 3, 0],
      ["nothing here", 8, 0],
    ])("%s, %i from %i: the page and total of the full ranking", async (query, limit, offset) => {
      const expected = await fullRanking(testDb(), query, limit, offset);
      const found = await searchCatalogCards(testDb().db, searchWords(query), limit, offset);
      expect(found.hits.map((h) => h.id)).toEqual(expected.ids);
      expect(found.hits.map((h) => h.tier)).toEqual(expected.tiers);
      expect(found.total).toBe(expected.total);
    });

    it("gives a full first page of the items with both words in the name, hidden ones left out", async () => {
      const { hits, total } = await searchCatalogCards(testDb().db, ["mango", "ice"], 8, 0);
      expect(hits).toHaveLength(8);
      expect(hits.every((h) => h.tier === 0)).toBe(true);
      expect(total).toBeGreaterThan(8);
      expect(hits.map((h) => h.id)).not.toContain("test-0"); // hidden
    });
  },
  { seed: true },
);
