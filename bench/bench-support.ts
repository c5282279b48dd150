// Shared by the benchmarks: a fresh PostgreSQL database; start the production server on a database, wait for it, stop it.
import { spawn } from "node:child_process";
import pg from "pg";

export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 4300);
export const BENCH_BASE = `http://127.0.0.1:${BENCH_PORT}`;

export const PG_ADMIN_URL =
  process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A fresh PostgreSQL database for a benchmark (`tag` tells it apart from another alive at once), or null when no server answers. */
export async function freshPostgres(tag = ""): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const name = `shop_bench_${process.pid}${tag ? `_${tag}` : ""}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: PG_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

export async function waitForHealth(base = BENCH_BASE) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

export async function startBenchServer(databaseUrl: string, extraEnv: Record<string, string> = {}) {
  // BENCH_NODE_ARGS: extra flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // A server left on the port (an interrupted run) would answer for this one: its figures would be another database's.
  const stale = await fetch(`${BENCH_BASE}/healthz`).then(
    () => true,
    () => false,
  );
  if (stale) throw new Error(`something already answers on ${BENCH_BASE}: stop it (or set BENCH_PORT) and run again`);
  const server = spawn(process.execPath, [...nodeArgs, "build/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(BENCH_PORT),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      ...extraEnv,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => server.on("exit", resolve));
  await waitForHealth();
  return {
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
      await exited;
    },
  };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}
