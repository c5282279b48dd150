// `npm run bench`: the production build on a fresh SQLite database with the demo catalogue, measured with autocannon.
// Not a test: it prints figures and whether they meet the targets of the storefront issue.
import { execSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT ?? 4300);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const COOKIE = "age_verified=yes";

type Row = { name: string; path: string; rps: number; p50: number; p99: number; errors: number };

async function waitForHealth() {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

async function measure(name: string, path: string): Promise<Row> {
  // A short warm-up so the first figures are not JIT compilation.
  await autocannon({ url: BASE + path, connections: 10, duration: 2, headers: { cookie: COOKIE } });
  const result = await autocannon({ url: BASE + path, connections: CONNECTIONS, duration: DURATION, headers: { cookie: COOKIE } });
  return {
    name,
    path,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Every script the home page loads (entry, route modules, preloads), gzipped like the server sends them. */
async function homeJavaScriptBytes(): Promise<{ files: number; gzipped: number }> {
  const html = await (await fetch(`${BASE}/`, { headers: { cookie: COOKIE } })).text();
  const paths = new Set([...html.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]));
  let gzipped = 0;
  for (const path of paths) {
    const body = Buffer.from(await (await fetch(BASE + path)).arrayBuffer());
    gzipped += gzipSync(body).length;
  }
  return { files: paths.size, gzipped };
}

function startServer(databaseFile: string, extraEnv: Record<string, string> = {}) {
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(PORT), DATABASE_URL: `file:${databaseFile}`, LOG_LEVEL: process.env.LOG_LEVEL ?? "info", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    server.kill("SIGTERM");
    await new Promise((r) => server.on("exit", r));
  };
  return { stop };
}

async function main() {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  let server = startServer(`${dir}/shop.db`);
  try {
    await waitForHealth();
    const home = await (await fetch(`${BASE}/`, { headers: { cookie: COOKIE } })).text();
    const productPath = home.match(/\/productdetail\/[a-z0-9]+/)![0];
    const assetPath = home.match(/\/assets\/[\w.-]+\.js/)![0];
    const rows: Row[] = [];
    for (const [name, path] of [
      ["home", "/"],
      ["products page 2", "/products?page=2"],
      ["product detail", productPath],
      ["flavours", "/flavours"],
      ["static asset (ceiling)", assetPath],
    ] as const) {
      rows.push(await measure(name, path));
      console.log(`measured ${name}`);
    }
    const js = await homeJavaScriptBytes();
    await server.stop();
    // The same page rendered every time (page cache off): what a signed-in shopper's visit costs.
    server = startServer(`${dir}/shop.db`, { PAGE_CACHE_ENTRIES: "0" });
    await waitForHealth();
    rows.push(await measure("product detail, no cache", productPath));

    console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, production build, SQLite, demo catalogue\n`);
    console.log("page                      requests/s   p50 ms   p99 ms   errors");
    for (const r of rows) {
      console.log(`${r.name.padEnd(26)}${String(r.rps).padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(9)}`);
    }
    const detail = rows.find((r) => r.name === "product detail")!;
    const kb = js.gzipped / 1024;
    console.log(`\nhome page JavaScript: ${js.files} files, ${kb.toFixed(1)} KB gzipped`);
    console.log("\ntargets");
    console.log(`  product detail ≥ 800 requests/s: ${detail.rps} ${detail.rps >= 800 ? "met" : "NOT met"}`);
    console.log(`  product detail p99 ≤ 100 ms: ${detail.p99} ms ${detail.p99 <= 100 ? "met" : "NOT met"}`);
    console.log(`  home JavaScript ≤ 150 KB gzipped: ${kb.toFixed(1)} KB ${kb <= 150 ? "met" : "NOT met"}`);
    mkdirSync("reports", { recursive: true });
    writeFileSync("reports/bench.json", JSON.stringify({ when: new Date().toISOString(), connections: CONNECTIONS, seconds: DURATION, rows, homeJavaScript: js }, null, 2));
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
