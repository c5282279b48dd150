import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The house rules of docs/decisions/023, checked on every file git knows, so they stay kept. The 300-line limit is
// advice since decision 035: `npm test` prints the longer files as a warning (scripts/long-files.ts).

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts", "tests"],
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
  /^scripts\/(bench|catalogue-generator)/.test(file);

/**
 * Each `{ ok: false …}` object or type written in `source` that lacks a `code` (docs/decisions/074: one shape for an
 * expected failure, made by fail/failFields of app/lib/result.ts), as "line: text". An answer to an error nobody
 * expected (a 500) is not a failure: it says so with `// not a Failure:` on its line.
 */
export function failuresWithoutCode(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\{\s*ok: false\b/g)) {
    const lineStart = source.lastIndexOf("\n", match.index) + 1;
    if (/^\s*(\*|\/\/)|\/\//.test(source.slice(lineStart, match.index))) continue; // in a comment
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end++) {
      if (source[end] === "{") depth++;
      else if (source[end] === "}" && --depth === 0) break;
    }
    const literal = source.slice(match.index, end + 1);
    const lineEnd = source.indexOf("\n", end);
    const rest = source.slice(end, lineEnd === -1 ? undefined : lineEnd);
    if (/\bcode\b/.test(literal) || /\/\/ not a Failure:/.test(rest)) continue;
    const line = source.slice(0, match.index).split("\n").length;
    found.push(`${line}: ${literal.replace(/\s+/g, " ").slice(0, 80)}`);
  }
  return found;
}

/**
 * Areas other helpers of issue 60 were folding into Result while this rule was written: the lead removes them from
 * this list once their branches are merged (and the rule passes without them).
 */
const failureShapeExceptions = [
  "app/modules/orders/",
  "app/modules/admin/orders/",
  "app/modules/catalog/",
  "app/modules/admin/catalog/",
  "app/components/admin/catalog/",
  "app/modules/age-checks/age-checks.service.server.ts",
];

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

  it("says every expected failure with a code: `{ ok: false` without one is another shape (decision 074)", () => {
    const shaped = (f: string) =>
      /^(app|server)\//.test(f) &&
      !/\.test\.tsx?$/.test(f) &&
      !f.includes("/testing/") &&
      !failureShapeExceptions.some((area) => f.startsWith(area));
    const others = files
      .filter(shaped)
      .flatMap((f) => failuresWithoutCode(readFileSync(f, "utf8")).map((where) => `${f}:${where}`));
    expect(others).toEqual([]);
  });

  it("catches a failure without its code, in a value or a type, and lets a coded or marked one pass", () => {
    expect(failuresWithoutCode('return { ok: false, message: "No." };')).toEqual(['1: { ok: false, message: "No." }']);
    expect(
      failuresWithoutCode("type A =\n  | { ok: true }\n  | { ok: false; error: string; status: number };"),
    ).toEqual(["3: { ok: false; error: string; status: number }"]);
    expect(failuresWithoutCode('return { ok: false, values: { a: "b" }, reason };')).toHaveLength(1);
    expect(failuresWithoutCode('return { ok: false, code: "invalid", message: "No." };')).toEqual([]);
    expect(failuresWithoutCode("type F = { ok: false; code: FailureCode; message: string };")).toEqual([]);
    expect(failuresWithoutCode('return { ok: false, message: "Failed." }; // not a Failure: a bug, logged')).toEqual(
      [],
    );
    expect(failuresWithoutCode(" * A failure (`{ ok: false, … }`) rolls back.")).toEqual([]);
  });
});
