import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// docs/decisions/076 lists every cache the shop keeps, so that a page can be changed without reading decisions
// 050–067 one by one. A file that holds something shaped like a cache must be named there, and every file named
// there must exist.

const RECORD = "docs/decisions/076-every-cache-the-shop-keeps.md";

/** The shapes a cache takes in this code: an LRU, a WeakMap, a Map made at the top of a module, the per-version
 * memory. */
export const CACHE_SHAPES = [
  /new LRUCache\b/,
  /new WeakMap\b/,
  /^(?:export )?(?:const|let) \w+ = new Map\b/m,
  /\b(?:perContentVersion|atContentVersion)\(/,
];

/** A Map whose size is held under a bound (`kept.size >= max`): one kept between calls, not a file's size. */
const boundedMap = (text: string) =>
  [...text.matchAll(/\b(\w+)\.size (?:>=|>|<) /g)].some((m) =>
    new RegExp(`\\b${m[1]} = (?:/\\*[^*]*\\*/ )?new Map\\b`).test(text),
  );

export const looksLikeCache = (text: string) => CACHE_SHAPES.some((shape) => shape.test(text)) || boundedMap(text);

/** The files of the code a record names in backquotes (`app/…`, `server/…`, `patches/…`, `deploy/…`). */
export const namedFiles = (record: string) =>
  new Set([...record.matchAll(/`((?:app|server|patches|deploy)\/[^`\s]+)`/g)].map((m) => m[1]!));

const sources = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "patches"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter((f) => /\.(ts|tsx|patch)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes("/testing/") && existsSync(f));

describe("the record of every cache (docs/decisions/076)", () => {
  const named = namedFiles(readFileSync(RECORD, "utf8"));

  it("recognises a cache's shapes, and not a plain constant", () => {
    expect(looksLikeCache("const kept = new LRUCache<string, string>({ max: 5 });")).toBe(true);
    expect(looksLikeCache("const byList = new WeakMap<object, string>();")).toBe(true);
    expect(looksLikeCache("export const formatters = new Map<string, Intl.NumberFormat>();")).toBe(true);
    expect(looksLikeCache("  const kept = new Map<string, string>();\n  if (kept.size >= max) kept.clear();")).toBe(
      true,
    );
    expect(looksLikeCache('return atContentVersion(db, version, "reviews", ask);')).toBe(true);
    expect(looksLikeCache("  const answers = /* @__PURE__ */ new Map();\n  if (answers.size >= max) drop();")).toBe(
      true,
    );
    expect(looksLikeCache('const CODES = new Set(["57P01"]);\nfunction f() { const seen = new Map(); }')).toBe(false);
    expect(looksLikeCache("  const seen = new Map();\n  if (file.size > MAX_BYTES) refuse();")).toBe(false);
    expect(namedFiles("| `app/lib/money.ts` | `lru-cache` | `server/a.ts`, `patches/x+1.patch` |")).toEqual(
      new Set(["app/lib/money.ts", "server/a.ts", "patches/x+1.patch"]),
    );
  });

  it("finds the caches it must (the page cache, search pages, cards, the React Router patch)", () => {
    const found = sources.filter((file) => looksLikeCache(readFileSync(file, "utf8")));
    expect(found).toEqual(
      expect.arrayContaining([
        "server/page-cache.ts",
        "app/modules/catalog/search-pages.server.ts",
        "app/components/product/card-html.server.tsx",
        "patches/react-router+8.5.3.patch",
      ]),
    );
  });

  it("names every file that holds a cache", () => {
    const missing = sources.filter((file) => looksLikeCache(readFileSync(file, "utf8")) && !named.has(file));
    expect(missing, `add a row for each to ${RECORD}`).toEqual([]);
  });

  it("names only files that exist", () => {
    expect(named.size).toBeGreaterThan(20);
    expect([...named].filter((file) => !existsSync(file))).toEqual([]);
  });
});
