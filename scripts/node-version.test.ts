import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { nodeVersionProblem } from "./node-version.mjs";

describe("the Node.js the shop runs on", () => {
  it("takes 22 and 24 (and later), with or without the v", () => {
    expect(nodeVersionProblem("22.22.0")).toBeNull();
    expect(nodeVersionProblem("22.23.3")).toBeNull();
    expect(nodeVersionProblem("v24.21.0")).toBeNull();
    expect(nodeVersionProblem("26.0.0")).toBeNull();
  });

  it("stops 20 and anything unreadable with one line naming the version", () => {
    expect(nodeVersionProblem("20.20.2")).toMatch(
      /^Node 22 or newer is needed \(22\.22 at least\); this is 20\.20\.2\. /,
    );
    expect(nodeVersionProblem("22.12.0")).toContain("this is 22.12.0");
    expect(nodeVersionProblem("v18.0.0")).toContain("this is 18.0.0");
    expect(nodeVersionProblem("nonsense")).toContain("Node 22 or newer is needed");
    expect(nodeVersionProblem("20.20.2")!.split("\n")).toHaveLength(1);
  });

  it("lets this runtime through: the guard prints nothing and exits 0", () => {
    const run = spawnSync(process.execPath, ["scripts/require-node.mjs"], { encoding: "utf8" });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
  });
});
