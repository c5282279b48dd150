import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";

// The README is the door and docs/ the rooms (/work/shared/ARCHITECTURE.md): a link that leads nowhere, or a guide
// naming a file of the code that has moved, sends a reader the wrong way. These tests fail on either.

const markdown = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "README.md", "CONTRIBUTING.md", "docs"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((f) => f.endsWith(".md") && existsSync(f));

/** The text a reader sees as prose: code blocks and code spans taken out (a link there is an example). */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces become hyphens. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");

function anchors(file: string): Set<string> {
  const headings = prose(readFileSync(file, "utf8")).match(/^#{1,6} .+$/gm) ?? [];
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const heading of headings) {
    const base = slug(heading.replace(/^#+ /, ""));
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count ? `${base}-${count}` : base);
  }
  return result;
}

/** Relative links of a Markdown text: `[text](target)` and `[text](target "title")`, outside code. */
export const relativeLinks = (text: string) =>
  [...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));

/** What is wrong with one link from `file`, or null when it leads somewhere. */
function brokenLink(file: string, target: string): string | null {
  const [path, anchor] = target.split("#") as [string, string | undefined];
  const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file;
  if (!existsSync(resolved)) return `${file}: ${target} (no ${resolved})`;
  if (anchor && statSync(resolved).isFile() && resolved.endsWith(".md") && !anchors(resolved).has(anchor))
    return `${file}: ${target} (no heading #${anchor} in ${resolved})`;
  return null;
}

/** Files of the code named in the guides (`app/…`, `server/…`, `scripts/…`, `bench/…`, `tests/…`), placeholders left out. */
export const codePaths = (text: string) =>
  [...text.matchAll(/(?<![\w/.-])(?:app|server|scripts|bench|tests)\/[\w./-]*[\w/]/g)]
    .filter((m) => !/^[<{*]/.test(text.slice(m.index + m[0].length)) && !m[0].includes("YYYY"))
    .map((m) => m[0]);

describe("the docs' links", () => {
  it("finds the docs", () => {
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/decisions/README.md"]));
    expect(markdown.length).toBeGreaterThan(30);
  });

  it("reads links and headings as GitHub does", () => {
    expect(relativeLinks('[a](docs/x.md) [b](https://x.example) `[c](no.md)` [d](y.md#z "title") [e](#top)')).toEqual([
      "docs/x.md",
      "y.md#z",
      "#top",
    ]);
    expect(slug("Shoppers' data and their right to cancel")).toBe("shoppers-data-and-their-right-to-cancel");
    expect(slug("The page cache: one page for everyone")).toBe("the-page-cache-one-page-for-everyone");
    expect(slug("Tax, the company and age checks (UK rules)")).toBe("tax-the-company-and-age-checks-uk-rules");
    expect(brokenLink("README.md", "docs/guide/nowhere.md")).toContain("no docs/guide/nowhere.md");
    expect(brokenLink("README.md", "docs/guide/shopping.md#nowhere")).toContain("no heading #nowhere");
  });

  it("every relative link in README.md, CONTRIBUTING.md and docs/ leads to a file (and heading) that exists", () => {
    const broken = markdown.flatMap((file) =>
      relativeLinks(readFileSync(file, "utf8")).flatMap((target) => brokenLink(file, target) ?? []),
    );
    expect(broken).toEqual([]);
  });

  it("every file of the code that the README, CONTRIBUTING.md and the guides name exists", () => {
    // The decision records are history: they name files as they were when each was written.
    const current = markdown.filter((f) => !f.startsWith("docs/decisions/") && !f.startsWith("docs/product/"));
    expect(current).toContain("docs/guide/shopping.md");
    const missing = current.flatMap((file) =>
      codePaths(readFileSync(file, "utf8"))
        .filter((path) => !existsSync(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
