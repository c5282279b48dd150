// `npm run bench`: the production build on a fresh SQLite database with the demo catalogue, measured with autocannon.
// Not a test: it prints figures and whether they meet the targets of the storefront issue.
import "../scripts/require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchCachedPages, benchRenderedPages, pagesToLoad, printCachedPages } from "./bench-cache";
import { benchOrders, type OrderBenchResult } from "./bench-orders";
import { measureCatalogue } from "./bench-catalogue";
import { measureImport } from "./bench-import";
import { measureBackups } from "./bench-backup";
import { measureThroughNginx } from "./bench-nginx";
import { measurePages, measurePagesAlone } from "./bench-pages";
import { BENCH_BASE, BENCH_PORT, freshPostgres, PG_ADMIN_URL, startBenchServer } from "./bench-support";

const BASE = BENCH_BASE;
const startServer = (databaseFile: string, extraEnv: Record<string, string> = {}) =>
  startBenchServer(`file:${databaseFile}`, extraEnv);

const USAGE = `npm run bench: the production build measured (bench/README.md, docs/guide/benchmark.md).
  (default)               cached pages against the Node ceiling, /cart and /account, JavaScript and Lighthouse,
                          then order placement
  BENCH_ONLY=pages        the pages alone (no orders)
  BENCH_ONLY=orders       order placement alone, SQLite and PostgreSQL
  BENCH_ONLY=browser      JavaScript per page and Lighthouse alone
  BENCH_ONLY=catalogue    a large catalogue (BENCH_CATALOGUE_ITEMS, default 10,000), page cache off
  BENCH_ONLY=import       the catalogue CSV import (BENCH_IMPORT_VARIANTS, default 10,000)
  BENCH_ONLY=backup       backup, restore and db:copy of a large shop
  BENCH_ONLY=nginx        cached pages through deploy/nginx/ against nginx sending the same bytes
Every BENCH_* setting: docs/configuration.md. Figures print here and go to reports/; record them in
docs/benchmarks.md.`;

async function main() {
  if (process.argv.includes("--help")) return void console.log(USAGE);
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  if (process.env.BENCH_ONLY === "orders") return void printOrders(await measureOrders());
  // BENCH_ONLY=catalogue: a catalogue of BENCH_CATALOGUE_ITEMS items on both databases, page cache off (issue 14).
  if (process.env.BENCH_ONLY === "catalogue") return void (await measureCatalogue());
  // BENCH_ONLY=import: a 10,000-variant catalogue CSV imported on both databases (issue 30).
  if (process.env.BENCH_ONLY === "import") return void (await measureImport());
  // BENCH_ONLY=backup: backup, restore and db:copy of a 10,000-item catalogue with 10,000 orders (issue 37).
  if (process.env.BENCH_ONLY === "backup") return void (await measureBackups());
  // BENCH_ONLY=nginx: cached pages through deploy/nginx/ against nginx sending the same bytes (issue 32).
  if (process.env.BENCH_ONLY === "nginx") return void (await measureThroughNginx());
  // BENCH_ONLY=browser: JavaScript per page and Lighthouse alone (docs/decisions/016).
  if (process.env.BENCH_ONLY === "browser") return void (await measurePagesAlone());
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  // The default settings: one server process per CPU, page cache on.
  const server = await startServer(`${dir}/shop.db`);
  try {
    const { shopperCookie, pages: cachedPages } = await pagesToLoad(`${dir}/shop.db`, BASE);
    const cached = await benchCachedPages({
      base: BASE,
      ceilingPort: BENCH_PORT + 1,
      dir,
      signedInCookie: shopperCookie,
      pages: cachedPages,
    });
    const rendered = await benchRenderedPages(BASE, shopperCookie, [
      ["cart", "/cart"],
      ["account", "/account"],
    ]);
    printCachedPages(cached, rendered);
    const pages = await measurePages(BASE);
    await server.stop();

    // BENCH_ONLY=pages: the pages alone (no order placement).
    const orders = process.env.BENCH_ONLY === "pages" ? [] : await measureOrders();
    if (orders.length) printOrders(orders);
    mkdirSync("reports", { recursive: true });
    writeFileSync(
      "reports/bench.json",
      JSON.stringify({ when: new Date().toISOString(), cached, rendered, pages, orders }, null, 2),
    );
  } finally {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Targets of the default database's issue (27): orders a second at 20 shoppers, with stock and the mail job. */
const ORDER_TARGETS: Record<string, number> = { SQLite: 250, PostgreSQL: 300 };
const SHOPPER_COUNTS = (process.env.BENCH_SHOPPERS ?? "20,50").split(",").map(Number);
/** BENCH_ORDER_DATABASES=sqlite or postgres: one of the two only (e.g. to profile it with BENCH_NODE_ARGS). */
const ORDER_DATABASES = (process.env.BENCH_ORDER_DATABASES ?? "sqlite,postgres").split(",");

/**
 * Order placement on SQLite (two server processes, the default) and, when reachable, on a fresh PostgreSQL database,
 * at 20 and 50 shoppers at once, each for many items and for one item (`BENCH_ONLY=orders` runs just this).
 */
async function measureOrders(): Promise<OrderBenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-orders-"));
  const orders: OrderBenchResult[] = [];
  try {
    for (const shoppers of SHOPPER_COUNTS) {
      if (ORDER_DATABASES.includes("sqlite")) {
        orders.push(await benchOrders("SQLite", `file:${dir}/orders-${shoppers}.db`, { shoppers }));
        orders.push(
          await benchOrders("SQLite, same item", `file:${dir}/orders-same-${shoppers}.db`, {
            sameItem: true,
            shoppers,
          }),
        );
      }
      for (const sameItem of [false, true]) {
        if (!ORDER_DATABASES.includes("postgres")) break;
        const postgres = await freshPostgres();
        if (!postgres) break;
        try {
          orders.push(
            await benchOrders(sameItem ? "PostgreSQL, same item" : "PostgreSQL", postgres.url, { sameItem, shoppers }),
          );
        } finally {
          await postgres.drop();
        }
      }
    }
    if (!orders.some((o) => o.database.startsWith("PostgreSQL")))
      console.log(`\n(no PostgreSQL at ${PG_ADMIN_URL}: order placement measured on SQLite only)`);
    return orders;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Prints the runs and a verdict; any error, lost order, missing e-mail or stock mismatch fails the bench (exit 1). */
function printOrders(orders: OrderBenchResult[]) {
  console.log("\norder placement, N shoppers placing at once (cart and shipping filled between rounds, not timed)");
  console.log(
    "database                shoppers   orders   orders/s   p50 ms   p99 ms   errors   orders in database   confirmation jobs   e-mails/s",
  );
  for (const o of orders) {
    console.log(
      `${o.database.padEnd(24)}${String(o.shoppers).padStart(8)}${String(o.orders).padStart(9)}${String(o.ordersPerSecond).padStart(11)}${String(o.p50).padStart(9)}${String(o.p99).padStart(9)}${String(o.errors).padStart(9)}${String(o.countedInDatabase).padStart(21)}${String(o.confirmationJobs).padStart(20)}${String(o.emailsPerSecond).padStart(12)}`,
    );
  }
  console.log("(e-mails/s: the job worker sending every confirmation again to a local SMTP server)");
  const problems: string[] = [];
  for (const o of orders) {
    const run = `${o.database}, ${o.shoppers} shoppers`;
    const failures = Object.entries(o.failures);
    if (failures.length) problems.push(`${run}: ${failures.map(([what, n]) => `${n} × ${what}`).join("; ")}`);
    if (o.countedInDatabase !== o.orders)
      problems.push(`${run}: ${o.countedInDatabase} orders in the database for ${o.orders} successful answers`);
    if (o.confirmationJobs !== o.orders)
      problems.push(`${run}: ${o.confirmationJobs} confirmation jobs for ${o.orders} orders`);
    if (o.stock.before - o.stock.after !== o.stock.sold)
      problems.push(`${run}: ${o.stock.before - o.stock.after} units taken for ${o.stock.sold} sold`);
    const target = ORDER_TARGETS[o.database];
    if (target)
      console.log(
        `  ${run}: ≥ ${target} orders/s: ${o.ordersPerSecond} ${o.ordersPerSecond >= target ? "met" : "NOT met"}`,
      );
  }
  if (problems.length) {
    console.log(`\nFAILED: ${problems.length} run(s) with errors or mismatches`);
    for (const problem of problems) console.log(`  ${problem}`);
    process.exitCode = 1;
  } else {
    console.log("\nNo errors: every placement answered, every order saved with its e-mail and its stock.");
  }
}

void main();
