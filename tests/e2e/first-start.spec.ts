// What a new shop owner sees first: `npm start` and `npm run dev` on a fresh database, run as in a terminal
// (docs/decisions/028). Few lines, none of them a warning; production logs JSON lines, development readable ones.
// `npm test` builds just before the journeys, so `npm start` finds the build up to date here; the build's own output is
// checked by npm test's build step (scripts/test.ts). Run alone after a change, `npm start` builds first and that
// output is checked too.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";
import { warningLines } from "../../scripts/output-warnings";

test.describe.configure({ mode: "serial" });

/** The first free port of this suite's own (5776-5779). */
async function ownPort(): Promise<number> {
  for (let port = 5776; port <= 5779; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "0.0.0.0", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("ports 5776-5779 are all taken");
}

/**
 * `npm run <script>` in a process group of its own, as in a terminal: stop() is Ctrl+C, which reaches npm and every
 * process under it. The environment is the defaults of a clean clone, but for a fresh database and uploads folder.
 */
async function npmRun(script: "start" | "dev", dir: string) {
  const port = await ownPort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port) };
  for (const name of ["NODE_ENV", "LOG_LEVEL", "WEB_CONCURRENCY", "TRUST_PROXY", "APP_URL"]) delete env[name];
  Object.assign(env, {
    DATABASE_URL: `file:${dir}/shop.db`,
    UPLOAD_DIR: `${dir}/uploads`,
    DEMO_CONTENT: "on",
  });
  const child = spawn("npm", ["run", script], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  // Closed: every process that held its output (npm, and the shop under it) has ended.
  const exited = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid!, "SIGINT");
    await exited;
    return output;
  };
  // Up to 4 minutes: `npm start` builds first when the build is missing or older than the sources.
  const healthy = async () => {
    if (child.exitCode !== null) throw new Error(`npm run ${script} exited:\n${output.slice(-3000)}`);
    return fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  };
  try {
    await expect.poll(healthy, { timeout: 240_000, intervals: [250] }).toBe(true);
  } catch (error) {
    if (child.exitCode !== null) throw error;
    await stop();
    throw new Error(`npm run ${script} did not answer /healthz:\n${output.slice(-3000)}`, { cause: error });
  }
  return { port, stop };
}

test.describe("the first start", () => {
  let dir: string;
  test.beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "shop-first-start-"));
  });
  test.afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("`npm start` says where it listens, on which database, that the demo content is loaded, and warns of nothing", async () => {
    test.setTimeout(300_000);
    const shop = await npmRun("start", dir);
    const output = await shop.stop();
    expect(warningLines(output)).toEqual([]);

    // Its own lines, besides npm's (its echo of the script, and the machine's own npm settings).
    const lines = output.split("\n").filter((line) => line.trim() && !/^(> |npm warn Unknown \w+ config )/.test(line));
    const logs = lines
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const text = lines.filter((line) => !line.startsWith("{"));
    // A build, when there was none: one line before and one after, and nothing else (not every file it wrote).
    expect(text.filter((line) => !/^(No build yet|Sources changed since the last build): building/.test(line))).toEqual(
      text.filter((line) => /^Built in \d+ s\.$/.test(line)),
    );
    expect(text.length).toBeLessThanOrEqual(2);

    const listening = logs.filter((log) => log.msg === `shop listening on http://localhost:${shop.port}`);
    expect(listening.length).toBeGreaterThan(0);
    for (const log of listening) expect(log).toMatchObject({ level: 30, database: `file:${dir}/shop.db` });
    expect(logs.filter((log) => log.msg === "demo content loaded")).toEqual([
      expect.objectContaining({ loaded: ["catalogue", "blog"] }),
    ]);
    // Before the first request (or the stop, whose lines may come first: each process writes its own): the database
    // made, the demo content loaded, and each process listening.
    const firstRequest = logs.findIndex((log) => log.msg === "request" || String(log.msg).startsWith("shutting down"));
    const start = logs.slice(0, firstRequest === -1 ? undefined : firstRequest);
    expect(new Set(start.map((log) => log.msg))).toEqual(
      new Set(["database migrated", "demo content loaded", `shop listening on http://localhost:${shop.port}`]),
    );
  });

  test("`npm run dev` logs readable lines, not JSON, and warns of nothing", async () => {
    test.setTimeout(180_000);
    const shop = await npmRun("dev", dir);
    // In colour when the terminal has it (FORCE_COLOR here, from Playwright): the words are what matter.
    const output = stripVTControlCharacters(await shop.stop());
    expect(warningLines(output)).toEqual([]);
    const lines = output.split("\n");
    expect(lines.filter((line) => line.startsWith("{"))).toEqual([]);
    const time = String.raw`^\[\d\d:\d\d:\d\d\]`;
    expect(output).toMatch(new RegExp(`${time} INFO: demo content loaded`, "m"));
    expect(output).toMatch(
      new RegExp(
        `${time} INFO: shop listening on http://localhost:${shop.port} .*"database":"file:${dir}/shop.db"`,
        "m",
      ),
    );
    expect(output).toMatch(new RegExp(`${time} INFO: stopped`, "m"));
  });
});
