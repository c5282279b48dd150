import { statfs } from "node:fs/promises";
import { dirname } from "node:path";
import type { Express } from "express";
import { databaseKind, pingDatabase, recordHealthCheck, sqlitePath, type Db } from "~/db/database.server";
import type { Logger } from "~/lib/log.server";
import { RETRY_AFTER_SECONDS, warnUnavailable } from "~/lib/unavailable.server";

/** A SQLite file whose disk has less room than this cannot be trusted to take an order (a WAL grows ~4 MB). */
export const MIN_FREE_DISK_BYTES = 4 * 1024 * 1024;
/** A check that takes longer than this counts as failed: a load balancer must not wait on a hung database. */
const CHECK_TIMEOUT_MS = 3_000;

export type Health = { database: "ok" | "unreachable"; writes: "ok" | "failing" | "disk full" };

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Room left on the disk of a SQLite file (PostgreSQL: null, its own server reports a full disk on the write). */
async function freeDiskBytes(databaseUrl: string): Promise<number | null> {
  if (databaseKind(databaseUrl) !== "sqlite") return null;
  const path = sqlitePath(databaseUrl);
  if (path === ":memory:") return null;
  const stats = await statfs(dirname(path));
  return stats.bavail * stats.bsize;
}

/** Reads and writes: `select 1`, then an upsert of this server's row in health_checks, in a transaction. */
export async function checkHealth(db: Db, databaseUrl: string, name: string): Promise<Health & { error?: unknown }> {
  try {
    await withTimeout(pingDatabase(db), "reading");
  } catch (error) {
    return { database: "unreachable", writes: "failing", error };
  }
  try {
    const free = await freeDiskBytes(databaseUrl);
    if (free !== null && free < MIN_FREE_DISK_BYTES) {
      return { database: "ok", writes: "disk full", error: new Error(`${free} bytes free on the database's disk`) };
    }
    const now = new Date().toISOString();
    await withTimeout(recordHealthCheck(db, name, now), "writing");
    return { database: "ok", writes: "ok" };
  } catch (error) {
    return { database: "ok", writes: "failing", error };
  }
}

type HealthOptions = { db: Db; databaseUrl: string; log: Logger; name: string; stopping: () => boolean };

/**
 * /livez: the process answers (for process managers; touches nothing else). /healthz: ready for traffic, i.e. the
 * database answers and accepts a write, and the server is not shutting down. 503 otherwise (decision 011).
 */
export function mountHealth(app: Express, options: HealthOptions) {
  app.get("/livez", (_req, res) => void res.set("Cache-Control", "no-store").json({ status: "ok" }));
  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    if (options.stopping()) {
      return void res.status(503).json({ status: "stopping" });
    }
    const { error, ...health } = await checkHealth(options.db, options.databaseUrl, options.name);
    if (!error) return void res.json({ status: "ok", ...health });
    warnUnavailable(options.log, error, "/healthz");
    res
      .status(503)
      .set("Retry-After", String(RETRY_AFTER_SECONDS))
      .json({ status: "error", ...health });
  });
}
