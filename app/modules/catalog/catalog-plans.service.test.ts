// The catalogue's card queries read each item's stock from its own variants through an index keyed by the item:
// never by walking every variant on sale (what SQLite chose before migration 2026_11_26_0430, 55 ms a page at
// 10,000 items). SQLite decides its plan from the schema alone here (no statistics), as on a fresh shop.
import { CompiledQuery, sql, type Compilable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/db/database.server";
import { createPostgresTestDatabase, createSqliteTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import * as repo from "./catalog.repository.server";
import { sqliteSearchQuery } from "./search.repository.server";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createSqliteTestDatabase();
});
afterAll(() => testDb.drop());

async function planOf(query: Compilable | CompiledQuery): Promise<string[]> {
  const { sql: text, parameters } = "compile" in query ? query.compile() : query;
  const plan = await testDb.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
  );
  return plan.rows.map((step) => step.detail);
}

describe("catalogue query plans (SQLite)", () => {
  it("reads a device card's stock through the variants of that device only", async () => {
    const query = testDb.db
      .selectFrom("devices as d")
      .select("d.id")
      .select(repo.itemStockColumns("device", "d.id"))
      .where("d.archived", "=", 0);
    const plan = await planOf(query);
    const variantSteps = plan.filter((step) => step.startsWith("SEARCH v ") || step.startsWith("SCAN v "));
    expect(variantSteps.length).toBeGreaterThanOrEqual(2);
    for (const step of variantSteps) expect(step).toMatch(/variants_item_stock \(kind=\? AND item_id=\?/);
  });

  it("finds one device's flavours, in their order, through the device's own index entries", async () => {
    const plan = await planOf(repo.flavourCardsQuery(testDb.db, { deviceId: "any-device", limit: 24 }));
    // Not the featured index, which is in the same order but holds every flavour on sale: it was read whole to keep
    // one device's (0.85 ms at 10,000 items, against 0.04 ms).
    const page = plan.find((step) => / catalog_items USING (COVERING )?INDEX /.test(step));
    expect(page).toMatch(
      /USING (COVERING )?INDEX catalog_items_device_order_idx \(device_id=\? AND visible=\? AND kind_order=\?\)/,
    );
    // Sorted once: the page's own rows (the outer query), not the device's flavours before the page is cut.
    expect(plan.filter((step) => step.includes("TEMP B-TREE FOR ORDER BY"))).toHaveLength(1);
  });
});

describe("search's query plan (SQLite)", () => {
  it("reads each match's item by its key, not every item on sale by name", async () => {
    const { page } = sqliteSearchQuery(["mango", "ice"], 24, 0);
    const plan = await planOf(page.compile(testDb.db));
    // Its own choice walked the name index of every visible item to find the matches (2.6 ms at 10,000 items, 2.0
    // with the matches first).
    expect(plan).not.toContainEqual(expect.stringMatching(/catalog_items_name_idx/));
    expect(plan.filter((step) => step === "SEARCH c USING INTEGER PRIMARY KEY (rowid=?)")).toHaveLength(2);
  });

  it("counts the matches by merging the two indexes' rowids, not in a temporary tree", async () => {
    const { count } = sqliteSearchQuery(["mango", "ice"], 24, 0);
    const plan = await planOf(count.compile(testDb.db));
    // Grouped in a temporary tree, the count of "mango ice" took 1.2 ms at 10,000 items; merged, 0.7 ms.
    expect(plan).toContain("MERGE (UNION)");
    expect(plan).not.toContainEqual(expect.stringMatching(/TEMP B-TREE/));
  });
});

// PostgreSQL chooses its plan from statistics, so a plan only shows at the size measured (the catalogue benchmark's
// 10,000 items: at its default random_page_cost of 4 it read every item to evaluate a two-word search, 11 ms; told
// that an index's pages cost about what sequential ones do, it asks the full-text index, 5 ms). Here: that the shop's
// connections carry the setting, and that DATABASE_URL's own `options` take its place.
const pgUrl = process.env.TEST_DATABASE_URL;
describe.skipIf(!pgUrl)("the planner's settings (PostgreSQL)", () => {
  let pgDb: TestDatabase;
  beforeAll(async () => {
    pgDb = await createPostgresTestDatabase(pgUrl!, false);
  });
  afterAll(() => pgDb?.drop());
  const pageCost = async (url: string) => {
    const db = createDatabase(url);
    try {
      const { rows } = await sql<{ random_page_cost: string }>`show random_page_cost`.execute(db);
      return rows[0]?.random_page_cost;
    } finally {
      await db.destroy();
    }
  };

  it("tells the planner an index's pages cost about what sequential ones do", async () => {
    expect(await pageCost(pgDb.url)).toBe("1.1");
  });

  it("lets DATABASE_URL's options take the setting's place", async () => {
    const url = new URL(pgDb.url);
    url.searchParams.set("options", "-c random_page_cost=3");
    expect(await pageCost(url.toString())).toBe("3");
  });
});
