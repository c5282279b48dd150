// `npm run bench`: the production build on a fresh SQLite database with the demo catalogue, measured with autocannon.
// Not a test: it prints figures and whether they meet the targets of the storefront issue.
import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "~/db/database.server";
import { benchCachedPages, benchRenderedPages, printCachedPages } from "./bench-cache";
import { benchOrders, newShopper, stockedFlavours, type OrderBenchResult } from "./bench-orders";
import { measureCatalogue } from "./bench-catalogue";
import { measurePages, measurePagesAlone } from "./bench-pages";
import { BENCH_BASE, BENCH_PORT, freshPostgres, PG_ADMIN_URL, startBenchServer } from "./bench-support";

const BASE = BENCH_BASE;
const COOKIE = "age_verified=yes";
const startServer = (databaseFile: string, extraEnv: Record<string, string> = {}) =>
  startBenchServer(`file:${databaseFile}`, extraEnv);

async function main() {
  execSync("node scripts/ensure-build.mjs", { stdio: "inherit" });
  if (process.env.BENCH_ONLY === "orders") return void printOrders(await measureOrders());
  // BENCH_ONLY=catalogue: a catalogue of BENCH_CATALOGUE_ITEMS items on both databases, page cache off (issue 14).
  if (process.env.BENCH_ONLY === "catalogue") return void (await measureCatalogue());
  // BENCH_ONLY=browser: JavaScript per page and Lighthouse alone (docs/decisions/016).
  if (process.env.BENCH_ONLY === "browser") return void (await measurePagesAlone());
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-"));
  // The default settings: one server process per CPU, page cache on.
  const server = await startServer(`${dir}/shop.db`);
  try {
    const db = createDatabase(`file:${dir}/shop.db`);
    const [flavour] = await stockedFlavours(db, 1, 1000);
    const shopper = await newShopper(db, 0, flavour!);
    await db.destroy();
    const home = await (await fetch(`${BASE}/`, { headers: { cookie: COOKIE } })).text();
    const productPath = home.match(/\/productdetail\/[a-z0-9]+/)![0];
    const flavours = await (await fetch(`${BASE}/flavours`, { headers: { cookie: COOKIE } })).text();
    const flavourPath = flavours.match(/\/flavour\/[a-z0-9]+/)![0];
    const cached = await benchCachedPages({
      base: BASE,
      ceilingPort: BENCH_PORT + 1,
      dir,
      signedInCookie: shopper.cookie,
      pages: [
        ["home", "/"],
        ["products page 2", "/products?page=2"],
        ["device page", productPath],
        ["flavour page", flavourPath],
        ["flavours", "/flavours"],
      ],
    });
    const rendered = await benchRenderedPages(BASE, shopper.cookie, [
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

/** Order placement on SQLite and, when reachable, on a fresh PostgreSQL database (`BENCH_ONLY=orders` runs just this). */
async function measureOrders(): Promise<OrderBenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-orders-"));
  try {
    const orders: OrderBenchResult[] = [
      await benchOrders("SQLite", `file:${dir}/orders.db`),
      await benchOrders("SQLite, same item", `file:${dir}/orders-same.db`, { sameItem: true }),
    ];
    const postgres = await freshPostgres();
    if (postgres) {
      try {
        orders.push(await benchOrders("PostgreSQL", postgres.url));
        const same = await freshPostgres();
        if (same) {
          try {
            orders.push(await benchOrders("PostgreSQL, same item", same.url, { sameItem: true }));
          } finally {
            await same.drop();
          }
        }
      } finally {
        await postgres.drop();
      }
    } else {
      console.log(`\n(no PostgreSQL at ${PG_ADMIN_URL}: order placement measured on SQLite only)`);
    }
    return orders;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printOrders(orders: OrderBenchResult[]) {
  console.log("\norder placement, 20 shoppers placing at once (cart and shipping filled between rounds, not timed)");
  console.log(
    "database                  orders   orders/s   p50 ms   p99 ms   errors   orders in database   confirmation jobs   e-mails/s",
  );
  for (const o of orders) {
    console.log(
      `${o.database.padEnd(24)}${String(o.orders).padStart(8)}${String(o.ordersPerSecond).padStart(11)}${String(o.p50).padStart(9)}${String(o.p99).padStart(9)}${String(o.errors).padStart(9)}${String(o.countedInDatabase).padStart(21)}${String(o.confirmationJobs).padStart(20)}${String(o.emailsPerSecond).padStart(12)}`,
    );
  }
  console.log("(e-mails/s: the job worker sending every confirmation again to a local SMTP server)");
  for (const o of orders) {
    console.log(
      `  ${o.database}: orders in the database ${o.countedInDatabase === o.orders ? "equal" : "DO NOT equal"} the successful answers (${o.orders})`,
    );
    console.log(
      `  ${o.database}: confirmation jobs ${o.confirmationJobs === o.orders ? "equal" : "DO NOT equal"} the successful answers (${o.confirmationJobs})`,
    );
    const stockOk = o.stock.before - o.stock.after === o.stock.sold;
    console.log(
      `  ${o.database}: stock ${o.stock.before} → ${o.stock.after}, ${o.stock.before - o.stock.after} taken for ${o.stock.sold} units sold: ${stockOk ? "equal" : "DO NOT equal"}`,
    );
  }
  const pgRow = orders.find((o) => o.database === "PostgreSQL");
  if (pgRow)
    console.log(
      `  PostgreSQL ≥ 200 orders/s: ${pgRow.ordersPerSecond} ${pgRow.ordersPerSecond >= 200 ? "met" : "NOT met"}`,
    );
}

void main();
