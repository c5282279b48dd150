// Advice, not a rule: source files over 300 lines, longest first. `npm test` prints them as a warning (a file is split
// where it has a seam, never only to stay under a number: docs/decisions/035); `npx tsx scripts/long-files.ts` too.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const ADVISED_MAX_LINES = 300;

export function longFiles(max = ADVISED_MAX_LINES): { file: string; lines: number }[] {
  return execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts", "bench", "tests"],
    {
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(f))
    .map((file) => ({ file, lines: readFileSync(file, "utf8").split("\n").length }))
    .filter((x) => x.lines > max)
    .sort((a, b) => b.lines - a.lines);
}

/** The warning's text, or null when every file is within the advice. */
export function longFilesWarning(files = longFiles()): string | null {
  if (files.length === 0) return null;
  return [
    `⚠ ${files.length} source file(s) over ${ADVISED_MAX_LINES} lines (advice: split where there is a seam):`,
    ...files.map((f) => `  ${f.file}: ${f.lines}`),
  ].join("\n");
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(longFilesWarning() ?? `No source file over ${ADVISED_MAX_LINES} lines.`);
}
