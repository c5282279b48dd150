import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
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

/** The machine's own Node when it is older than the shop's (this machine's /usr/bin/node is 20): where it lives. */
function olderNodeBin(): string | undefined {
  for (const bin of ["/usr/bin", "/usr/local/bin"]) {
    if (!existsSync(join(bin, "node")) || !existsSync(join(bin, "npm"))) continue;
    const version = execFileSync(join(bin, "node"), ["--version"], { encoding: "utf8" }).trim();
    if (nodeVersionProblem(version)) return bin;
  }
  return undefined;
}

describe("npm install (issue 65)", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));
  /** `npm install` of the project's package.json, lock and .npmrc, computed only (nothing installed), on a PATH. */
  const npmInstall = (path: string | undefined) => {
    dir = mkdtempSync(join(tmpdir(), "shop-npm-install-"));
    for (const file of ["package.json", "package-lock.json", ".npmrc"]) copyFileSync(file, join(dir, file));
    const args = ["install", "--dry-run", "--offline", "--ignore-scripts", "--no-audit", "--no-fund"];
    const env = path ? { ...process.env, PATH: path } : process.env;
    return spawnSync("npm", args, { cwd: dir, encoding: "utf8", env });
  };

  it.skipIf(!olderNodeBin())(
    "stops at once on an older Node, naming the Node needed, without a warning per package",
    () => {
      const run = npmInstall(`${olderNodeBin()}:/bin`);
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain("npm error code EBADENGINE");
      expect(run.stderr).toContain('Required: {"node":"^22.22.0 || >=24"}');
      expect(run.stderr).not.toContain("npm warn EBADENGINE");
      expect(run.stdout).not.toContain("added");
    },
  );

  it("goes ahead on this Node (22 or 24): every locked package takes it", () => {
    // The tests run on the shop's Node, first on PATH (npm takes the first `node` it finds).
    const run = npmInstall(undefined);
    expect(run.stderr).not.toContain("EBADENGINE");
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/added \d+ packages/);
  });
});
