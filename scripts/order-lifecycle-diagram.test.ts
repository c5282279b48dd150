import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lifecycleDoc, lifecycleSection, writtenSection } from "./order-lifecycle-diagram";

describe("docs/guide/order-lifecycle.md", () => {
  it("draws the transitions app/modules/orders/order-lifecycle.ts allows", () => {
    const written = writtenSection(readFileSync(lifecycleDoc, "utf8"));
    expect(written, "the guide lost its order-lifecycle markers").not.toBeNull();
    // When this fails: `npx tsx scripts/order-lifecycle-diagram.ts --write` redraws it; check the change is meant.
    expect(written).toBe(lifecycleSection());
  });
});
