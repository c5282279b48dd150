// The cost of a catalogue page in the browser (docs/decisions/016): the JavaScript it loads, gzipped, against its
// budget, and Lighthouse's mobile performance score. Used by bench/bench.ts and by tests/e2e/javascript-budget.spec.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type BrowserContext } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/support/chromium";
import { BENCH_BASE, startBenchServer } from "./bench-support";

const KB = 1024;
const COOKIE = "age_verified=yes";

/** Budgets in gzipped bytes: the home page, and every other catalogue page (docs/decisions/016; home raised by the
 * 4.3 KB React Router 8.5 added, docs/decisions/077). */
export const HOME_BUDGET = 134.5 * KB;
export const CATALOGUE_BUDGET = 140 * KB;

export type PageJavaScript = {
  name: string;
  path: string;
  files: number;
  gzipped: number;
  budget: number;
  within: boolean;
};

/** The catalogue pages with a budget: a device and a flavour page are the first ones the home page links to. */
export async function budgetedPages(
  base: string,
  cookie: string,
): Promise<{ name: string; path: string; budget: number }[]> {
  const home = await (await fetch(`${base}/`, { headers: { cookie } })).text();
  const device = home.match(/\/productdetail\/[\w-]+/)?.[0];
  const flavour = home.match(/\/flavour\/[\w-]+/)?.[0];
  if (!device || !flavour) throw new Error("the home page links to no device or no flavour");
  return [
    { name: "home", path: "/", budget: HOME_BUDGET },
    { name: "products", path: "/products", budget: CATALOGUE_BUDGET },
    { name: "device", path: device, budget: CATALOGUE_BUDGET },
    { name: "flavour", path: flavour, budget: CATALOGUE_BUDGET },
    { name: "flavours", path: "/flavours", budget: CATALOGUE_BUDGET },
  ];
}

/**
 * Every script the browser fetches for one page until the network is idle (entry, route modules, preloads and any
 * lazy chunk the first render asks for), gzipped like the server sends them.
 */
export async function pageJavaScript(
  context: BrowserContext,
  url: string,
): Promise<{ files: number; gzipped: number }> {
  const page = await context.newPage();
  // The addresses the page asked for; their bytes are fetched afterwards (a response's body can be gone by the time
  // it is read, e.g. a preload the browser dropped).
  const scripts = new Map<string, string>();
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith(".js") && !scripts.has(path)) scripts.set(path, response.url());
  });
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    let gzipped = 0;
    for (const address of scripts.values())
      gzipped += gzipSync(await (await context.request.get(address)).body()).length;
    return { files: scripts.size, gzipped };
  } finally {
    await page.close();
  }
}

/** Launches Debian's Chromium with the age cookie set for `base`. */
export async function browserWithCookie(base: string, cookie: string) {
  const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
  const context = await browser.newContext();
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name: name!, value: value!, url: base }]);
  return { context, close: () => browser.close() };
}

/** Gzipped JavaScript per catalogue page against its budget. */
export async function javaScriptBudget(base: string, cookie: string): Promise<PageJavaScript[]> {
  const pages = await budgetedPages(base, cookie);
  const { context, close } = await browserWithCookie(base, cookie);
  try {
    const rows: PageJavaScript[] = [];
    for (const p of pages) {
      const js = await pageJavaScript(context, base + p.path);
      rows.push({ ...p, ...js, within: js.gzipped <= p.budget });
    }
    return rows;
  } finally {
    await close();
  }
}

export type LighthouseRange = { name: string; path: string; runs: LighthouseRun[]; errors: string[] };
export type LighthouseRun = { score: number; lcpMs: number; tbtMs: number; cls: number };

/** Lighthouse mobile performance (default emulation, simulated throttling), `runs` times each on home, a device and a flavour page. */
export async function lighthouseScores(
  base: string,
  runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3),
): Promise<LighthouseRange[]> {
  const { default: lighthouse } = await import("lighthouse");
  const { launch } = await import("chrome-launcher");
  const pages = (await budgetedPages(base, COOKIE)).filter((p) => ["home", "device", "flavour"].includes(p.name));
  const chrome = await launch({
    chromePath: findChromium() ?? undefined,
    chromeFlags: ["--headless=new", ...CHROMIUM_ARGS],
  });
  try {
    const results: LighthouseRange[] = [];
    for (const p of pages) {
      const range: LighthouseRange = { name: p.name, path: p.path, runs: [], errors: [] };
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(
          base + p.path,
          { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" },
          { extends: "lighthouse:default", settings: { extraHeaders: { Cookie: COOKIE } } },
        );
        const lhr = result!.lhr;
        // BENCH_LIGHTHOUSE_DIR keeps every report (JSON, opens in the Lighthouse viewer) to see why a run scored less.
        const keep = process.env.BENCH_LIGHTHOUSE_DIR;
        if (keep) {
          mkdirSync(keep, { recursive: true });
          writeFileSync(join(keep, `${p.name}-${i + 1}.json`), JSON.stringify(lhr));
        }
        // A run the page or the machine spoiled (no paint, a timeout) is reported, not scored 0.
        if (lhr.runtimeError || lhr.categories.performance?.score == null) {
          range.errors.push(lhr.runtimeError?.code ?? "no score");
          continue;
        }
        range.runs.push({
          score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
          lcpMs: Math.round(lhr.audits["largest-contentful-paint"]!.numericValue ?? 0),
          tbtMs: Math.round(lhr.audits["total-blocking-time"]!.numericValue ?? 0),
          cls: Number((lhr.audits["cumulative-layout-shift"]!.numericValue ?? 0).toFixed(3)),
        });
      }
      results.push(range);
    }
    return results;
  } finally {
    chrome.kill();
  }
}

const span = (values: number[], unit = "") => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? `${lo}${unit}` : `${lo}–${hi}${unit}`;
};

export function printJavaScriptBudget(rows: PageJavaScript[]) {
  console.log("\nJavaScript per page (every script loaded until the network is idle, gzipped)");
  for (const r of rows) {
    const verdict = r.within ? "met" : "NOT met";
    console.log(
      `  ${r.name.padEnd(10)}${String(r.files).padStart(3)} files ${(r.gzipped / KB).toFixed(1).padStart(7)} KB   budget ${r.budget / KB} KB: ${verdict}   ${r.path}`,
    );
  }
}

export function printLighthouse(results: LighthouseRange[]) {
  console.log("\nLighthouse mobile performance (simulated throttling), range of runs");
  for (const r of results) {
    const scores = r.runs.map((x) => x.score);
    const errors = r.errors.length ? `   (${r.errors.length} run(s) failed: ${r.errors.join(", ")})` : "";
    if (!scores.length) {
      console.log(`  ${r.name.padEnd(10)}no run finished${errors}`);
      continue;
    }
    const verdict = Math.min(...scores) === 100 ? "met" : "NOT met";
    console.log(
      `  ${r.name.padEnd(10)}score ${span(scores)}   LCP ${span(
        r.runs.map((x) => x.lcpMs),
        " ms",
      )}   TBT ${span(
        r.runs.map((x) => x.tbtMs),
        " ms",
      )}   CLS ${span(r.runs.map((x) => x.cls))}   target 100 in every run: ${verdict}${errors}`,
    );
  }
}

/** The budget and Lighthouse sections of `npm run bench`, printed; the figures for reports/bench.json. */
export async function measurePages(base: string) {
  const javaScript = await javaScriptBudget(base, COOKIE);
  printJavaScriptBudget(javaScript);
  const lighthouse = await lighthouseScores(base);
  printLighthouse(lighthouse);
  return { javaScript, lighthouse };
}

/** `BENCH_ONLY=browser`: the production build on a fresh SQLite file, measured for JavaScript and Lighthouse only. */
export async function measurePagesAlone() {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-pages-"));
  const server = await startBenchServer(`file:${dir}/shop.db`);
  try {
    return await measurePages(BENCH_BASE);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
