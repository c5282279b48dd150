// The catalogue's card queries read each item's stock from its own variants through an index keyed by the item:
// never by walking every variant on sale (what SQLite chose before migration 2026_11_26_0430, 55 ms a page at
// 10,000 items). SQLite decides its plan from the schema alone here (no statistics), as on a fresh shop.
import { CompiledQuery, type Compilable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteTestDatabase, type TestDatabase } from "~/db/testing/test-database";
import * as repo from "./catalog.repository.server";

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createSqliteTestDatabase();
});
afterAll(() => testDb.drop());

async function planOf(query: Compilable): Promise<string[]> {
  const { sql: text, parameters } = query.compile();
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
});
