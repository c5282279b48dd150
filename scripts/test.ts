// `npm test`: lint and typecheck (side by side), import circles, formatting, unit and service tests (SQLite, and
// PostgreSQL when TEST_DATABASE_URL is set), the production build, then the Playwright journeys in Chromium. Prints
// each stage's seconds, then ends with one line: "tests: N passed, N failed".
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism } from "node:os";
import { findChromium } from "../tests/e2e/support/chromium";
import { longFilesWarning } from "./long-files";
import { warningLines } from "./output-warnings";

const REPORTS = "reports";

/** Each stage's seconds, printed at the end (pass or fail) so CI's log shows where the time goes. */
const stages: Array<{ title: string; seconds: number }> = [];
const startedAt = performance.now();

function timed<T>(title: string, started: number, result: T): T {
  stages.push({ title, seconds: (performance.now() - started) / 1000 });
  return result;
}

function stageTimes() {
  const width = Math.max(...stages.map((stage) => stage.title.length), 5);
  const row = (title: string, seconds: number) => `  ${title.padEnd(width)}  ${seconds.toFixed(0).padStart(5)} s`;
  return [
    "Stages:",
    ...stages.map((stage) => row(stage.title, stage.seconds)),
    row("Total", (performance.now() - startedAt) / 1000),
  ].join("\n");
}

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return timed(title, started, result.status === 0);
}

/** A step whose output is also kept (shown as it comes), to be checked afterwards. */
function stepKeepingOutput(title: string, command: string, args: string[]) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (to: NodeJS.WriteStream) => (chunk: Buffer) => {
    output += chunk;
    to.write(chunk);
  };
  child.stdout.on("data", keep(process.stdout));
  child.stderr.on("data", keep(process.stderr));
  return new Promise<{ ok: boolean; output: string }>((resolve) =>
    child.on("close", (code) => resolve(timed(title, started, { ok: code === 0, output }))),
  );
}

/**
 * Steps that use one core each, run side by side when the machine has a core for each (CI's has two); each one's
 * output is printed whole when it ends, so the log reads as if they had run one after the other.
 */
async function sideBySide(steps: Array<{ title: string; command: string; args: string[] }>) {
  if (availableParallelism() < steps.length) return steps.map(({ title, command, args }) => step(title, command, args));
  console.log(`\n▶ ${steps.map((s) => s.title).join(" ‖ ")} (side by side)`);
  return Promise.all(
    steps.map(({ title, command, args }) => {
      const started = performance.now();
      const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk));
      return new Promise<boolean>((resolve) =>
        child.on("close", (code) => {
          console.log(`\n▶ ${title}${output ? `\n${output.trimEnd()}` : ""}`);
          resolve(timed(title, started, code === 0));
        }),
      );
    }),
  );
}

function fail(message: string): never {
  console.log(`\n${stageTimes()}`);
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function readJson<T>(path: string): T | null {
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as T) : null;
}

function summary() {
  type VitestReport = { numPassedTests: number; numFailedTests: number };
  const reports = [`${REPORTS}/vitest.json`, `${REPORTS}/vitest-other-node.json`].map((path) =>
    readJson<VitestReport>(path),
  );
  const unit = {
    numPassedTests: reports.reduce((sum, report) => sum + (report?.numPassedTests ?? 0), 0),
    numFailedTests: reports.reduce((sum, report) => sum + (report?.numFailedTests ?? 0), 0),
  };
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number } }>(
    `${REPORTS}/playwright.json`,
  );
  const passed = unit.numPassedTests + (e2e ? e2e.stats.expected + e2e.stats.flaky : 0);
  const failed = unit.numFailedTests + (e2e?.stats.unexpected ?? 0);
  return { passed, failed, line: `tests: ${passed} passed, ${failed} failed` };
}

const chromium = findChromium();
if (!chromium) {
  fail(
    "No Chromium found for the browser tests. Install Debian's: `sudo apt-get install -y chromium` " +
      "(or set CHROMIUM_PATH to a Chromium or Chrome binary), then run `npm test` again.",
  );
}

rmSync(REPORTS, { recursive: true, force: true });
mkdirSync(REPORTS, { recursive: true });
const npx = "npx";
// The route types first: ESLint's type-aware rules and tsc both read them.
if (!step("Typecheck: route types", npx, ["react-router", "typegen"])) fail("Typecheck failed.");
const [lintOk, typesOk] = await sideBySide([
  { title: "Lint (with the module boundaries: docs/architecture.md)", command: npx, args: ["eslint", "."] },
  { title: "Typecheck", command: npx, args: ["tsc", "--noEmit"] },
]);
if (!lintOk) fail("Lint failed.");
if (!typesOk) fail("Typecheck failed.");
// No file imports itself through others (madge; docs/decisions/035).
const madge = [
  "madge",
  "--circular",
  "--extensions",
  "ts,tsx",
  "--ts-config",
  "tsconfig.json",
  "app",
  "server",
  "scripts",
  "bench",
];
if (!step("Import circles (madge)", npx, madge)) fail("Files import each other in a circle: see the list above.");
// Advice, not a failure: files over 300 lines (split where there is a seam).
const long = longFilesWarning();
if (long) console.warn(`\n${long}`);
if (!step("Formatting (Prettier)", npx, ["prettier", "--check", "."]))
  fail("Formatting differs: run `npm run format`.");
console.log(
  process.env.TEST_DATABASE_URL
    ? "Service tests run on SQLite and on PostgreSQL (TEST_DATABASE_URL)."
    : "Service tests run on SQLite only; set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too.",
);
const vitestArgs = (report: string) => ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
let unitOk = step(`Unit and service tests (Node ${process.versions.node})`, npx, [
  "vitest",
  ...vitestArgs(`${REPORTS}/vitest.json`),
]);
// The shop supports Node 22 and 24: CI runs them once more on the other runtime (docs/decisions/030), on SQLite
// only: what differs between the runtimes is the shop's own JavaScript and better-sqlite3's binding, both met on
// SQLite; PostgreSQL answers alike whichever Node asks (pg is plain JavaScript), and the pass above covered it.
const otherNode = process.env.TEST_ALSO_ON_NODE;
if (unitOk && otherNode) {
  const version = spawnSync(otherNode, ["--version"], { encoding: "utf8" }).stdout.trim();
  unitOk = step(
    `Unit and service tests again on Node ${version} (SQLite)`,
    otherNode,
    ["node_modules/vitest/vitest.mjs", ...vitestArgs(`${REPORTS}/vitest-other-node.json`)],
    { TEST_DATABASE_URL: undefined },
  );
}
if (!unitOk) {
  console.log(`\n${summary().line}`);
  fail("Unit or service tests failed.");
}
const build = await stepKeepingOutput("Production build", "npm", ["run", "build"]);
if (!build.ok) fail("The build failed.");
// The build warns about nothing (React Router's future flags, empty chunks, annotations: docs/decisions/028).
const buildWarnings = warningLines(build.output);
if (buildWarnings.length) fail(`The build printed warnings:\n${buildWarnings.join("\n")}`);
const e2eOk = step("Browser journeys (Playwright, Chromium)", npx, ["playwright", "test"], {
  CHROMIUM_PATH: chromium,
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${REPORTS}/playwright.json`,
});
const result = summary();
console.log(`\n${stageTimes()}`);
console.log(`\n${result.line}`);
if (!e2eOk || result.failed > 0) fail("Browser journeys failed.");
if (result.passed === 0) fail("No test ran.");
