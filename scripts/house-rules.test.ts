import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The house rules of docs/decisions/023, checked on every file git knows, so they stay kept. The 300-line limit is
// advice since decision 035: `npm test` prints the longer files as a warning (scripts/long-files.ts).

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts", "bench", "tests"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(f)); // a file deleted but not yet committed is gone

/** Where queries may be written: repositories, the data layer, tests and their fixtures, the benchmarks. */
const mayQuery = (file: string) =>
  /\.repository\.server\.ts$/.test(file) ||
  file.startsWith("app/db/") ||
  /\.test\.tsx?$/.test(file) ||
  file.includes("/testing/") ||
  file.startsWith("tests/") ||
  file.startsWith("bench/");

describe("house rules", () => {
  it("finds the project's files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("app/modules/orders/orders.repository.server.ts");
  });

  it("writes queries only in a module's repository (or the data layer, tests and benchmarks)", () => {
    const query = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;
    const outside = files.filter((f) => !mayQuery(f) && query.test(readFileSync(f, "utf8")));
    expect(outside).toEqual([]);
  });
});
