import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { architectureDoc, drawnGraph, mermaid, moduleEdges, moduleNames, mutualPairs } from "./module-graph";

// docs/architecture.md draws the modules and who imports whom; the drawing must be the code's (docs/decisions/035).

describe("the modules' picture in docs/architecture.md", () => {
  const edges = moduleEdges();

  it("draws exactly the directions in which the code's modules import each other", () => {
    const drawn = drawnGraph(readFileSync(architectureDoc, "utf8"));
    expect(drawn, "docs/architecture.md lost its module-graph markers").not.toBeNull();
    // When this fails: `npx tsx scripts/module-graph.ts --write` redraws it; check the new arrows are meant.
    expect(drawn).toBe(mermaid(edges));
  });

  it("has no two modules that import each other", () => {
    expect(mutualPairs(edges)).toEqual([]);
  });

  it("counts every module folder", () => {
    expect(moduleNames()).toEqual(expect.arrayContaining(["accounts", "checkout", "jobs", "orders"]));
    expect(new Set(edges.flatMap((e) => [e.from, e.to])).size).toBeGreaterThan(10);
  });
});
