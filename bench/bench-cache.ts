// Cached pages against the Node ceiling, anonymous and signed in, and pages rendered per request (issue 13's
// targets). Every figure is a range over BENCH_ROUNDS rounds; each round measures the ceiling, the shop (anonymous,
// then signed in) and the ceiling again, and sets the shop against the mean of the two ceilings: on a shared, noisy
// machine the ratio compares like with like, whichever way the machine's load drifts during the round.
import { fork } from "node:child_process";
import { request } from "node:http";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { createDatabase } from "~/db/database.server";
import { newShopper, stockedFlavours } from "./bench-orders";

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ADULT = "age_verified=yes";

/** Issue 13: cached pages at 0.6 of the ceiling, p99 ≤ 20 ms; issue 32: signed-in pages ≥ 600/s with p99 ≤ 150 ms. */
export const CACHE_TARGETS = { ratio: 0.6, cachedP99Ms: 20, renderedRps: 600, renderedP99Ms: 150 };

type Figures = { rps: number; p99: number; errors: number };
export type Range = { min: number; max: number };
export type CachedPageRow = {
  name: string;
  path: string;
  /** errors: failed requests, timeouts and answers other than 2xx over every round (a fast error page would flatter
   * a ratio: a side with any is not counted as meeting a target). */
  ceiling: Range & { p99: Range; errors: number };
  anonymous: Range & { ratio: Range; p99: Range; errors: number };
  signedIn: Range & { ratio: Range; p99: Range; errors: number };
};
export type RenderedPageRow = { name: string; path: string; rps: Range; p99: Range; errors: number };

async function load(url: string, cookie: string, warmUpSeconds = 1): Promise<Figures> {
  const headers = { cookie, "accept-encoding": "gzip" };
  await autocannon({ url, connections: 10, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The bytes and headers the shop sends for a page (gzip, as browsers ask), as the ceiling will send them. */
export function capturePage(
  base: string,
  path: string,
): Promise<{ headers: Record<string, string>; body: string; cache: string }> {
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { headers: { cookie: ADULT, "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !["date", "connection", "keep-alive"].includes(name))
            headers[name] = String(value);
        }
        resolve({
          headers,
          body: Buffer.concat(chunks).toString("base64"),
          cache: String(response.headers["x-page-cache"]),
        });
      });
    })
      .on("error", reject)
      .end();
  });
}

export type Captured = Record<string, { headers: Record<string, string>; body: string }>;
type CeilingStarter = (pages: Captured, port: number, dir: string) => Promise<{ stop: () => Promise<unknown> }>;

export async function startCeiling(pages: Captured, port: number, dir: string) {
  const file = join(dir, "ceiling-pages.json");
  writeFileSync(file, JSON.stringify(pages));
  const child = fork(join(import.meta.dirname, "bench-ceiling.mjs"), [file, String(port)], { stdio: "inherit" });
  await new Promise((resolve) => child.once("message", resolve));
  return { stop: () => new Promise((resolve) => (child.once("exit", resolve), child.kill())) };
}

const range = (values: number[]): Range => ({ min: Math.min(...values), max: Math.max(...values) });
const ratio = (value: number, ceiling: number) => Math.round((value / ceiling) * 100) / 100;

/** ", errors 1 / 0 / 0" (anonymous / signed in / the ceiling) when a round had any; nothing otherwise. */
const errorNote = (...errors: number[]) => (errors.some(Boolean) ? `, errors ${errors.join(" / ")}` : "");

export async function benchCachedPages(options: {
  base: string;
  ceilingPort: number;
  dir: string;
  pages: Array<[name: string, path: string]>;
  signedInCookie: string;
  /** Where the page's bytes are taken from (the shop itself; default `base`), and what serves them as the ceiling. */
  captureBase?: string;
  ceiling?: CeilingStarter;
}): Promise<CachedPageRow[]> {
  const captured: Captured = {};
  const from = options.captureBase ?? options.base;
  for (const [, path] of options.pages) {
    // Every server copy keeps its own cache: ask until the answer comes from one.
    let page = await capturePage(from, path);
    for (let tries = 0; page.cache !== "hit" && tries < 20; tries++) page = await capturePage(from, path);
    if (page.cache !== "hit") throw new Error(`${path} is not served from the page cache (${page.cache})`);
    captured[path] = page;
  }
  const ceiling = await (options.ceiling ?? startCeiling)(captured, options.ceilingPort, options.dir);
  const ceilingBase = `http://127.0.0.1:${options.ceilingPort}`;
  const signedIn = `${ADULT}; ${options.signedInCookie}`;
  const runs = new Map(
    options.pages.map(([, path]) => [path, [] as Array<{ ceiling: Figures; anonymous: Figures; signedIn: Figures }>]),
  );
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [name, path] of options.pages) {
        const before = await load(ceilingBase + path, ADULT);
        const anonymous = await load(options.base + path, ADULT);
        const signedInRun = await load(options.base + path, signedIn);
        const after = await load(ceilingBase + path, ADULT);
        const ceiling = {
          rps: Math.round((before.rps + after.rps) / 2),
          p99: Math.max(before.p99, after.p99),
          errors: before.errors + after.errors,
        };
        runs.get(path)!.push({ ceiling, anonymous, signedIn: signedInRun });
        console.log(
          `round ${round} ${name}: ceiling ${before.rps}/s and ${after.rps}/s, anonymous ${anonymous.rps}/s p99 ${anonymous.p99} ms, signed in ${signedInRun.rps}/s p99 ${signedInRun.p99} ms${errorNote(anonymous.errors, signedInRun.errors, ceiling.errors)}`,
        );
      }
    }
  } finally {
    await ceiling.stop();
  }
  return options.pages.map(([name, path]) => {
    const all = runs.get(path)!;
    const side = (key: "anonymous" | "signedIn") => ({
      ...range(all.map((r) => r[key].rps)),
      ratio: range(all.map((r) => ratio(r[key].rps, r.ceiling.rps))),
      p99: range(all.map((r) => r[key].p99)),
      errors: all.reduce((n, r) => n + r[key].errors, 0),
    });
    const ceiling = {
      ...range(all.map((r) => r.ceiling.rps)),
      p99: range(all.map((r) => r.ceiling.p99)),
      errors: all.reduce((n, r) => n + r.ceiling.errors, 0),
    };
    return { name, path, ceiling, anonymous: side("anonymous"), signedIn: side("signedIn") };
  });
}

/** Pages that are personal and so rendered for every request (the cart, the account). */
export async function benchRenderedPages(
  base: string,
  cookie: string,
  pages: Array<[name: string, path: string]>,
): Promise<RenderedPageRow[]> {
  const rows: RenderedPageRow[] = [];
  for (const [name, path] of pages) {
    const runs: Figures[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // A rendered page runs far more code than a cached one: the first round warms it up longer (a running shop
      // has compiled it long ago; measured: the first 5 s of /cart run at about two thirds of the steady rate).
      runs.push(await load(base + path, `${ADULT}; ${cookie}`, round === 1 ? 8 : 1));
      console.log(`round ${round} ${name}: ${runs.at(-1)!.rps}/s p99 ${runs.at(-1)!.p99} ms`);
    }
    rows.push({
      name,
      path,
      rps: range(runs.map((r) => r.rps)),
      p99: range(runs.map((r) => r.p99)),
      errors: runs.reduce((n, r) => n + r.errors, 0),
    });
  }
  return rows;
}

const show = (r: Range, unit = "") => (r.min === r.max ? `${r.min}${unit}` : `${r.min}–${r.max}${unit}`);

/** A target's verdict: a figure reached with requests that failed (or answered other than 2xx) is not met. */
const met = (reached: boolean, errors: number) =>
  errors > 0 ? `NOT met (${errors} errors)` : reached ? "met" : "NOT met";

/** Errors over every round of a page: anonymous / signed in / the ceiling. */
export const errorsOf = (r: CachedPageRow) => `${r.anonymous.errors} / ${r.signedIn.errors} / ${r.ceiling.errors}`;

/** "≥ 0.8 of <what>: <worst round's ratio> met" over every page of one side, errors counted against it. */
export function ratioTarget(rows: CachedPageRow[], key: "anonymous" | "signedIn", target: number, what: string) {
  const worst = Math.min(...rows.map((r) => r[key].ratio.min));
  const errors = rows.reduce((n, r) => n + r[key].errors + r.ceiling.errors, 0);
  return `≥ ${target} of ${what}: ${worst} ${met(worst >= target, errors)}`;
}

export function printCachedPages(rows: CachedPageRow[], rendered: RenderedPageRow[]) {
  const t = CACHE_TARGETS;
  console.log(
    `\ncached pages, ${CONNECTIONS} connections, ${SECONDS} s, ${ROUNDS} rounds (ranges), gzip; ceiling: bare node:http, one process, same bytes`,
  );
  console.log(
    "page                 ceiling/s        p99 ms    anonymous/s      ratio      p99 ms    signed in/s      ratio      p99 ms    errors",
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(21)}${show(r.ceiling).padEnd(17)}${show(r.ceiling.p99).padEnd(10)}${show(r.anonymous).padEnd(17)}${show(r.anonymous.ratio).padEnd(11)}${show(r.anonymous.p99).padEnd(10)}${show(r.signedIn).padEnd(17)}${show(r.signedIn.ratio).padEnd(11)}${show(r.signedIn.p99).padEnd(10)}${errorsOf(r)}`,
    );
  }
  console.log(`\npages rendered per request (signed in), ${CONNECTIONS} connections`);
  for (const r of rendered)
    console.log(
      `${r.name.padEnd(21)}${show(r.rps, "/s").padEnd(17)}p99 ${show(r.p99, " ms").padEnd(14)}errors ${r.errors}`,
    );
  console.log("\ntargets (worst round)");
  const worstP99 = (key: "anonymous" | "signedIn") => Math.max(...rows.map((r) => r[key].p99.max));
  for (const key of ["anonymous", "signedIn"] as const) {
    const label = key === "anonymous" ? "anonymous" : "signed in";
    const p99 = worstP99(key);
    const errors = rows.reduce((n, r) => n + r[key].errors, 0);
    console.log(
      `  cached, ${label}: ${ratioTarget(rows, key, t.ratio, "the ceiling")}; p99 ≤ ${t.cachedP99Ms} ms: ${p99} ${met(p99 <= t.cachedP99Ms, errors)}`,
    );
  }
  for (const r of rendered) {
    console.log(
      `  ${r.name} ≥ ${t.renderedRps}/s: ${r.rps.min} ${met(r.rps.min >= t.renderedRps, r.errors)}; p99 ≤ ${t.renderedP99Ms} ms: ${r.p99.max} ${met(r.p99.max <= t.renderedP99Ms, r.errors)}`,
    );
  }
}

/**
 * What the cached-page benchmarks load, from a running shop on the SQLite file: a signed-in shopper's cookie and the
 * pages (home, a /products page, a device, a flavour, /flavours), found on the shop's own pages.
 */
export async function pagesToLoad(databaseFile: string, base: string) {
  const db = createDatabase(`file:${databaseFile}`);
  const [flavour] = await stockedFlavours(db, 1, 1000);
  const shopper = await newShopper(db, 0, flavour!);
  await db.destroy();
  const html = async (path: string) => (await fetch(`${base}${path}`, { headers: { cookie: ADULT } })).text();
  const productPath = (await html("/")).match(/\/productdetail\/[a-z0-9]+/)![0];
  const flavourPath = (await html("/flavours")).match(/\/flavour\/[a-z0-9]+/)![0];
  const pages: Array<[name: string, path: string]> = [
    ["home", "/"],
    ["products page 2", "/products?page=2"],
    ["device page", productPath],
    ["flavour page", flavourPath],
    ["flavours", "/flavours"],
  ];
  return { shopperCookie: shopper.cookie, pages };
}
