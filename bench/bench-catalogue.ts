// The large-catalogue benchmark (`BENCH_ONLY=catalogue npm run bench`, issue 14): a catalogue of
// BENCH_CATALOGUE_ITEMS devices and flavours (default 10,000) on a fresh SQLite file and a fresh PostgreSQL database,
// the page cache off, 4 keep-alive connections; each catalogue page's requests/s, p50, p95 and p99, and its HTML size.
// Targets: p95 under 20 ms, and no page over 150 KB of HTML.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { createDatabase } from "~/db/database.server";
import { catalogSorts, PRODUCTS_PER_PAGE, type CatalogSort } from "~/modules/catalog/catalog";
import { capturePage, startCeiling, type Captured } from "./bench-cache";
import { BENCH_BASE, BENCH_PORT, freshPostgres, percentile, PG_ADMIN_URL, startBenchServer } from "./bench-support";
import { buildLargeCatalogue, type LargeCatalogueSummary } from "./catalogue-generator";
import {
  CATALOGUE_TARGETS,
  CONNECTIONS,
  KB,
  printCatalogue,
  ROUNDS,
  SECONDS,
  show,
  type CataloguePageRow,
  type CatalogueBenchResult,
  type Range,
} from "./bench-catalogue-report";

const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 10_000);
const WARM_UP_SECONDS = 2;
const ADULT = "age_verified=yes";
/** Words the generated names and descriptions hold (bench/catalogue-words.ts). */
const SEARCH_ONE = "mango";
const SEARCH_TWO = "mango ice";
/**
 * A search the shop has not been asked before, each time: "mango" and a made-up word (letters only, so no item has
 * it), which ranks every "mango" item afresh. The other search rows ask the same words again and again, which the
 * shop remembers per catalogue version (docs/decisions/060); a shopper's first search is this row.
 */
const SEARCH_FIRST = "search, words not asked before";
let firstSearches = 0;
const madeUpWord = (n: number) => `qz${n.toString(26).replace(/./g, (d) => String.fromCharCode(97 + parseInt(d, 26)))}`;
const firstSearch = () => `/search?q=${SEARCH_ONE}+${madeUpWord(firstSearches++)}`;
/**
 * A word with a typo, corrected to the catalogue's own word (docs/decisions/086): asked again and again (remembered
 * per catalogue version, as the other search rows), and with a made-up word each time, which corrects and ranks
 * every "strawberry" item afresh.
 */
const SEARCH_TYPO = "strawbery";
const TYPO_FIRST = "search, typo, new words";
const firstTypo = () => `/search?q=${SEARCH_TYPO}+${madeUpWord(firstSearches++)}`;
const CEILING_PORT = BENCH_PORT + 1;
/** BENCH_CATALOGUE_DATABASES=sqlite (or postgres): one database only. */
const DATABASES = (process.env.BENCH_CATALOGUE_DATABASES ?? "sqlite,postgres").split(",");
/** BENCH_CATALOGUE_PAGES=search: the search rows alone (their names start with "search"). */
const ONLY_SEARCH = process.env.BENCH_CATALOGUE_PAGES === "search";

type Round = { rps: number; p50: number; p975: number; p99: number; errors: Record<string, number> };

function sumErrors(rounds: Round[]): Record<string, number> {
  const sum: Record<string, number> = {};
  for (const round of rounds) for (const [kind, n] of Object.entries(round.errors)) sum[kind] = (sum[kind] ?? 0) + n;
  return sum;
}
const range = (values: number[]): Range => ({ min: Math.min(...values), max: Math.max(...values) });
const tenth = (n: number) => Math.round(n * 10) / 10;

/** A page as a browser gets it (gzip): status, wire bytes and the HTML. Also checks the page cache is really off. */
function fetchPage(path: string): Promise<{ status: number; html: string; htmlBytes: number; gzipBytes: number }> {
  return new Promise((resolve, reject) => {
    request(`${BENCH_BASE}${path}`, { headers: { cookie: ADULT, "accept-encoding": "gzip" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        if (response.headers["x-page-cache"] === "hit")
          return reject(new Error(`${path} came from the page cache: it should be off`));
        const wire = Buffer.concat(chunks);
        const gzipped = response.headers["content-encoding"] === "gzip";
        const html = gzipped ? gunzipSync(wire) : wire;
        resolve({
          status: response.statusCode ?? 0,
          html: html.toString("utf8"),
          htmlBytes: html.length,
          gzipBytes: gzipped ? wire.length : gzipSync(html).length,
        });
      });
    })
      .on("error", reject)
      .end();
  });
}

/** One GET on a keep-alive connection, the body read to its end (not decompressed); its status and time in ms. */
function timedGet(agent: Agent, base: string, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(`${base}${path}`, { agent, headers: { cookie: ADULT, "accept-encoding": "gzip" } }, (response) => {
      response.on("end", () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }));
      response.on("error", reject);
      response.resume();
    })
      .on("error", reject)
      .end();
  });
}

/**
 * CONNECTIONS loops, each asking for the next page as soon as its last one has come, for `seconds`. A request started
 * in time is waited for and counted however long it takes (autocannon drops those still running at the end, which
 * leaves out exactly the slow pages this benchmark is about; it also reports no p95).
 */
async function load(paths: string[] | (() => string), seconds: number, base = BENCH_BASE): Promise<Round> {
  const pathOf = typeof paths === "function" ? paths : (i: number) => paths[i % paths.length]!;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  const failed = (kind: string) => (errors[kind] = (errors[kind] ?? 0) + 1);
  // Connections of this run only: one left idle past the server's keep-alive timeout would fail its next request.
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, loop) => {
      for (let i = loop; performance.now() < end; i++) {
        try {
          const answer = await timedGet(agent, base, pathOf(i));
          latencies.push(answer.ms);
          if (answer.status < 200 || answer.status > 299) failed(`status ${answer.status}`);
        } catch (error) {
          failed((error as NodeJS.ErrnoException).code ?? (error as Error).message);
          await new Promise((r) => setTimeout(r, 100)); // the server is not answering: do not spin
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    rps: tenth(latencies.length / elapsed),
    p50: tenth(percentile(latencies, 50)),
    p975: tenth(percentile(latencies, 97.5)),
    p99: tenth(percentile(latencies, 99)),
    errors,
  };
}

/** The last page: the highest a listing's first page links to, or the one the catalogue's size gives if that is more. */
function lastPage(html: string, bySize: number): number {
  const linked = [...html.matchAll(/[?&](?:amp;)?page=(\d+)/g)].map((m) => Number(m[1]));
  return Math.max(1, bySize, ...linked);
}

/** The URLs measured, deep page numbers worked out from the catalogue (and the pages' own links). */
async function cataloguePages(
  catalogue: LargeCatalogueSummary,
  notes: string[],
): Promise<Array<[name: string, path: string]>> {
  const visible = { devices: catalogue.devices.visible, flavours: catalogue.flavours.visible };
  const pages: Array<[string, string]> = [
    ["home", "/"],
    [`search, one word`, `/search?q=${encodeURIComponent(SEARCH_ONE)}`],
    [`search, two words`, `/search?q=${encodeURIComponent(SEARCH_TWO)}`],
    [SEARCH_FIRST, firstSearch()],
    [`search, a typo (${SEARCH_TYPO})`, `/search?q=${SEARCH_TYPO}`],
    [TYPO_FIRST, firstTypo()],
  ];
  if (ONLY_SEARCH) return pages.filter(([name]) => name.startsWith("search"));
  for (const sort of Object.keys(catalogSorts) as CatalogSort[]) {
    const first = sort === "featured" ? "/products" : `/products?sort=${sort}`;
    const items =
      sort === "devices"
        ? visible.devices
        : sort === "flavours"
          ? visible.flavours
          : visible.devices + visible.flavours;
    const deep = lastPage((await fetchPage(first)).html, Math.ceil(items / PRODUCTS_PER_PAGE));
    pages.push([`products ${sort}`, first], [`products ${sort} p${deep}`, `/products?sort=${sort}&page=${deep}`]);
  }
  pages.push(["flavours", "/flavours"]);
  const flavoursHtml = (await fetchPage("/flavours")).html;
  const shown = new Set([...flavoursHtml.matchAll(/\/flavour\/([a-z0-9]+)/g)].map((m) => m[1])).size;
  const deep = lastPage(flavoursHtml, shown ? Math.ceil(visible.flavours / shown) : 1);
  if (deep > 1) pages.push([`flavours p${deep}`, `/flavours?page=${deep}`]);
  else
    notes.push(
      `/flavours is not paged: its first page links to ${shown} of the ${visible.flavours} flavours shown, and to no other page; no deep page measured`,
    );
  pages.push([
    `flavours, one device (${catalogue.largestDevice.visibleFlavours})`,
    `/flavours?device=${catalogue.largestDevice.slug}`,
  ]);
  return pages;
}

export async function benchCatalogue(
  database: string,
  databaseUrl: string,
  dir: string,
): Promise<CatalogueBenchResult> {
  // The server migrates the fresh database and loads the demo catalogue; the generator adds the rest.
  await (await startBenchServer(databaseUrl)).stop();
  const db = createDatabase(databaseUrl);
  const catalogue = await buildLargeCatalogue(db, { items: ITEMS }).finally(() => db.destroy());
  console.log(
    `\n${database}: ${catalogue.devices.total} devices and ${catalogue.flavours.total} flavours (${catalogue.devices.visible} and ${catalogue.flavours.visible} shown), ${catalogue.addedDevices + catalogue.addedFlavours} added in ${catalogue.ms} ms`,
  );
  const server = await startBenchServer(databaseUrl, { PAGE_CACHE_ENTRIES: "0" });
  const notes: string[] = [];
  try {
    const pages = await cataloguePages(catalogue, notes);
    await load(
      pages.map(([, path]) => path),
      WARM_UP_SECONDS * 3,
    ); // every page a few times before any is measured
    const loadBefore = tenth(loadavg()[0]!);
    const rows: CataloguePageRow[] = [];
    // The ceiling: the very bytes and headers the shop sent for each page, from memory (bench/bench-ceiling.mjs).
    const captured: Captured = {};
    for (const [, path] of pages) captured[path] = await capturePage(BENCH_BASE, path);
    const ceiling = await startCeiling(captured, CEILING_PORT, dir);
    const ceilingBase = `http://127.0.0.1:${CEILING_PORT}`;
    try {
      for (const [name, path] of pages) {
        const page = await fetchPage(path);
        // The ceiling sends the row's one page; the shop is asked the row's path, or a new search each time.
        const asked = name === SEARCH_FIRST ? firstSearch : name === TYPO_FIRST ? firstTypo : [path];
        await load(asked, WARM_UP_SECONDS);
        const rounds: Round[] = [];
        const ceilingRounds: Round[] = [];
        for (let round = 1; round <= ROUNDS; round++) {
          ceilingRounds.push(await load([path], SECONDS, ceilingBase));
          rounds.push(await load(asked, SECONDS));
        }
        const row: CataloguePageRow = {
          name,
          path,
          status: page.status,
          htmlBytes: page.htmlBytes,
          gzipBytes: page.gzipBytes,
          rps: range(rounds.map((r) => r.rps)),
          p50: range(rounds.map((r) => r.p50)),
          p975: range(rounds.map((r) => r.p975)),
          p99: range(rounds.map((r) => r.p99)),
          ceiling: { rps: range(ceilingRounds.map((r) => r.rps)), p975: range(ceilingRounds.map((r) => r.p975)) },
          errors: sumErrors(rounds),
          p975Met: page.status === 200 && Math.max(...rounds.map((r) => r.p975)) <= CATALOGUE_TARGETS.p975Ms,
          htmlMet: page.htmlBytes <= CATALOGUE_TARGETS.htmlBytes,
        };
        rows.push(row);
        console.log(
          `${database} ${name}: ${show(row.rps)}/s, p97.5 ${show(row.p975)} ms (ceiling ${show(row.ceiling.rps)}/s, ${show(row.ceiling.p975)} ms), ${(row.htmlBytes / KB).toFixed(1)} KB of HTML`,
        );
      }
    } finally {
      await ceiling.stop();
    }
    return { database, catalogue, pages: rows, notes, load: { before: loadBefore, after: tenth(loadavg()[0]!) } };
  } finally {
    await server.stop();
  }
}

/** On a fresh SQLite file and, when one answers, a fresh PostgreSQL database; figures also to reports/bench-catalogue.json. */
export async function measureCatalogue(): Promise<CatalogueBenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-catalogue-"));
  const results: CatalogueBenchResult[] = [];
  try {
    if (DATABASES.includes("sqlite")) results.push(await benchCatalogue("SQLite", `file:${dir}/catalogue.db`, dir));
    const postgres = DATABASES.includes("postgres") ? await freshPostgres("catalogue") : null;
    if (postgres) {
      try {
        results.push(await benchCatalogue("PostgreSQL", postgres.url, dir));
      } finally {
        await postgres.drop();
      }
    } else if (DATABASES.includes("postgres")) {
      console.log(`\n(no PostgreSQL at ${PG_ADMIN_URL}: the large catalogue measured on SQLite only)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printCatalogue(results);
  mkdirSync("reports", { recursive: true });
  const settings = {
    items: ITEMS,
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    pageCache: "off",
    targets: CATALOGUE_TARGETS,
  };
  writeFileSync(
    "reports/bench-catalogue.json",
    JSON.stringify({ when: new Date().toISOString(), commit: commit(), settings, results }, null, 2),
  );
  return results;
}

function commit(): string | null {
  try {
    return execSync("git describe --always --dirty", { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}
