// Which lines of a command's output are warnings (docs/decisions/028): what `npm start`, `npm run dev` and the build
// print should have none. Used by tests/e2e/first-start.spec.ts and by `npm test`'s build step (scripts/test.ts).
import { stripVTControlCharacters } from "node:util";

/** Text that marks a line as a warning, or as part of one (a stack trace). */
const WARNING_TEXT = [
  /warn/i, // "npm warn", "(node:1) ExperimentalWarning", "⚠️  Future Flag Warning", Vite's "[vite] warning"
  /deprecat/i,
  /⚠/,
  /^\(!\)/, // Vite's own warnings ("(!) Some chunks are larger than 500 kB")
  /future flag/i,
  /Generated an empty chunk/,
  /annotation that Rollup cannot interpret/,
  /^\s+at .+:\d+:\d+\)?$/, // a stack trace's frames
];

/** Lines that are not warnings of the project's, whatever words they have. */
const NOT_WARNINGS = [
  // This machine's npm settings, not the project: a `nodedir` in the machine's npmrc makes every npm command say
  // "npm warn Unknown user config "nodedir"" (and "env config" when npm passes it on to a script it runs).
  /^npm warn Unknown (user|env|project|global|builtin) config "/,
  // npm echoing the script it runs ("> esbuild … --log-level=warning").
  /^> /,
];

/** A pino log line's level if the line is one (40 is warn, 50 error, 60 fatal). */
function logLevel(line: string): number | null {
  if (!line.startsWith("{")) return null;
  try {
    const level = (JSON.parse(line) as { level?: unknown }).level;
    return typeof level === "number" ? level : null;
  } catch {
    return null;
  }
}

/** The warning lines of some output: JSON log lines of level warn or above, and text lines that warn. */
export function warningLines(output: string): string[] {
  return stripVTControlCharacters(output)
    .split("\n")
    .map((line) => line.trimEnd())
    .filter((line) => {
      if (NOT_WARNINGS.some((pattern) => pattern.test(line))) return false;
      const level = logLevel(line);
      if (level !== null) return level >= 40;
      return WARNING_TEXT.some((pattern) => pattern.test(line));
    });
}
