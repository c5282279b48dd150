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
