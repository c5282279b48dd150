/**
 * The shop's Prometheus metrics (prom-client, docs/decisions/022): requests by route pattern and status with their
 * latency, page-cache hits and misses, the database pool, jobs by status, orders placed, and Node's own process
 * metrics. With several server copies (WEB_CONCURRENCY) the primary adds up every copy's metrics.
 */
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import client from "prom-client";
import type { Db } from "~/db/database.server";
import { poolUse } from "~/db/database.server";

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });
client.AggregatorRegistry.setRegistries(registry);
// A worker answers the primary's requests for its metrics once an AggregatorRegistry exists in it.
if (cluster.isWorker) new client.AggregatorRegistry();

const labelNames = ["method", "route", "status"] as const;
const requests = new client.Counter({
  name: "shop_http_requests_total",
  help: "HTTP requests answered, by method, route pattern and status.",
  labelNames,
  registers: [registry],
});
const latency = new client.Histogram({
  name: "shop_http_request_duration_seconds",
  help: "Time to answer HTTP requests, by method, route pattern and status.",
  labelNames,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});
const pageCache = new client.Counter({
  name: "shop_page_cache_total",
  help: "Pages answered from the page cache (hit) or rendered for it (miss).",
  labelNames: ["result"],
  registers: [registry],
});
const ordersPlaced = new client.Counter({
  name: "shop_orders_placed_total",
  help: "Orders placed (a repeated click of the same order counts once).",
  registers: [registry],
});

type JobCounts = Array<{ kind: string; status: string; count: number }>;
let database: Db | null = null;
let countJobs: ((db: Db) => Promise<JobCounts>) | null = null;
/** The database the collected gauges read (pool use, and the jobs as `jobs` counts them); set once the shop opened it. */
export function watchDatabase(db: Db, jobs: (db: Db) => Promise<JobCounts>) {
  database = db;
  countJobs = jobs;
}

new client.Gauge({
  name: "shop_db_pool_connections",
  help: "PostgreSQL pool connections of this copy: total, idle, waiting for one, and the maximum.",
  labelNames: ["state"],
  registers: [registry],
  collect() {
    const use = database ? poolUse(database) : null;
    this.reset();
    if (use) for (const [state, value] of Object.entries(use)) this.set({ state }, value);
  },
});

new client.Gauge({
  name: "shop_jobs",
  help: "Background jobs (e-mails, age checks) by kind and status: queued, running, done (sent) or failed.",
  labelNames: ["kind", "status"],
  registers: [registry],
  // Every copy reads the same table: the cluster's figure is one copy's, not their sum.
  aggregator: "max",
  async collect() {
    if (!database || !countJobs) return;
    const rows = await countJobs(database).catch(() => []);
    this.reset();
    for (const row of rows) this.set({ kind: row.kind, status: row.status }, row.count);
  },
});

export const metrics = {
  request(method: string, route: string, status: number, seconds: number) {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    latency.observe(labels, seconds);
  },
  pageCache: (result: "hit" | "miss") => pageCache.inc({ result }),
  orderPlaced: () => ordersPlaced.inc(),
};

type Reply = { type: "shop:metrics"; id: string; body?: string; error?: string };

/** The metrics as Prometheus text: this process's, or (a worker of a cluster) every copy's, added up by the primary. */
export async function metricsText(): Promise<string> {
  if (!cluster.isWorker || !process.send) return registry.metrics();
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("the primary did not answer with the metrics")), 5_000);
    const onMessage = (message: Reply) => {
      if (message?.type === "shop:metrics" && message.id === id)
        finish(message.error ? new Error(message.error) : null, message.body);
    };
    function finish(error: Error | null, body?: string) {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(body ?? "");
    }
    process.on("message", onMessage);
    process.send!({ type: "shop:metrics", id });
  });
}

export const metricsContentType = registry.contentType;
