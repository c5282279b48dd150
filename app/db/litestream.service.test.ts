import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDatabase, type Db } from "./database.server";
import { migrateToLatest } from "./migrate.server";

// Litestream (docs/guide/continuous-backups.md, docs/decisions/047) replicating the shop's own SQLite file while the
// shop's database handle writes to it, then restored to a point in time between two writes. The binary comes from the
// npm registry through scripts/litestream.sh, as on a fresh machine. Nothing waits a fixed time: each step polls the
// replica until it holds what was written. The point in time is read from the replica too: a file replica dates each
// WAL segment by its file's modification time, which the kernel takes from a coarse clock, so "now" in this process
// could fall a few milliseconds after the next segment's date. Litestream logs at debug level, so a failure shows what
// each sync saw (its per-frame lines and the repeats of idle syncs left out); the shop writes only once Litestream has
// taken its first generation, as it would in production, where Litestream runs before the shop starts.
//
// `checkpoint-interval` is set as in deploy/litestream/litestream.yml (there 10s, here 1s): Litestream 0.3.13 tells its
// replicas about new WAL frames only when the WAL's size differed from the shadow copy's at the start of a sync, so a
// commit landing between that check and the copy reaches the shadow copy unannounced and waits, without a next write,
// for the next checkpoint (default: a minute after the file last changed). Measured on this machine under CPU load:
// 1 write in 150 and 1 in 250 not replicated within 2 s (one of them after 42.6 s); with `checkpoint-interval: 1s`,
// 0 in 600. The CI run of 2026-11-28 19:59 failed on exactly that: 'before' in the shadow WAL, never in the replica.

const run = promisify(execFile);

let litestream: string;
let dir: string;
let config: string;
let dbPath: string;
let db: Db;
let replicating: ChildProcess;
let log = "";

/** Installs Litestream into .runtimes/ if needed; the script prints the binary's path last. */
function litestreamBinary(): string {
  const out = execFileSync("bash", ["scripts/litestream.sh"], { encoding: "utf8" });
  return out.trim().split("\n").at(-1)!;
}

async function addMessage(id: string) {
  await db
    .insertInto("messages")
    .values({
      id,
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      phone: "",
      subject: id,
      message: "Written while Litestream replicates.",
      handled: 0,
      created_at: new Date().toISOString(),
      handled_at: null,
      handled_by: null,
      user_id: null,
    })
    .execute();
}

/** The messages of a database restored from the replica (at `timestamp`, or the latest), by id. */
async function restoredMessages(name: string, timestamp?: string): Promise<string[]> {
  const output = join(dir, name);
  rmSync(output, { force: true });
  const at = timestamp ? ["-timestamp", timestamp] : [];
  await run(litestream, ["restore", "-config", config, ...at, "-o", output, dbPath]);
  const restored = createDatabase(`file:${output}`);
  try {
    const rows = await restored.selectFrom("messages").select("id").orderBy("created_at").execute();
    return rows.map((row) => row.id);
  } finally {
    await restored.destroy();
  }
}

/** Litestream's log without its line for every WAL frame copied, and each debug line only the first time it says it. */
function litestreamSaid(): string {
  const said = new Set<string>();
  return log
    .split("\n")
    .filter((line) => {
      if (line.includes('msg="copy-shadow: ok"')) return false;
      const debug = line.indexOf("level=DEBUG ");
      if (debug === -1) return true;
      // An idle sync says again what the one before it said: only its time differs.
      const text = line.slice(debug);
      if (said.has(text)) return false;
      said.add(text);
      return true;
    })
    .join("\n");
}

/** Polls (every 100 ms, up to 15 s) until a restore of the latest replica holds `id` (or, without one, restores at all). */
async function untilReplicated(id?: string) {
  await vi.waitFor(
    async () => {
      const probe = await restoredMessages("probe.db").catch((error: Error) => error);
      if (Array.isArray(probe) && (id === undefined || probe.includes(id))) return;
      const restored = Array.isArray(probe) ? `held [${probe.join(", ")}]` : `failed: ${probe.message}`;
      throw new Error(
        `the replica never got ${id ? `'${id}'` : "a generation"}: the last restore ${restored}; ` +
          `the WAL is ${statSync(`${dbPath}-wal`).size} bytes; the replica's segments: ${[...segments().keys()].join(", ")}. ` +
          `Litestream said:\n${litestreamSaid()}`,
      );
    },
    { timeout: 15_000, interval: 100 },
  );
}

/** The replica's WAL segments and the time each was written (ms). */
function segments(): Map<string, number> {
  const replica = join(dir, "replica");
  const files = readdirSync(replica, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".wal.lz4"));
  return new Map(files.map((f) => [f, statSync(join(replica, f)).mtimeMs]));
}

beforeAll(async () => {
  litestream = litestreamBinary();
  dir = mkdtempSync(join(tmpdir(), "shop-litestream-"));
  dbPath = join(dir, "shop.db");
  db = createDatabase(`file:${dbPath}`);
  await migrateToLatest(db);
  config = join(dir, "litestream.yml");
  writeFileSync(
    config,
    [
      "logging:",
      "  level: debug",
      "dbs:",
      `  - path: ${dbPath}`,
      "    monitor-interval: 100ms",
      "    checkpoint-interval: 1s",
      "    replicas:",
      "      - type: file",
      `        path: ${join(dir, "replica")}`,
      "        sync-interval: 100ms",
      "",
    ].join("\n"),
  );
  replicating = spawn(litestream, ["replicate", "-config", config], { stdio: ["ignore", "pipe", "pipe"] });
  replicating.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  replicating.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
  await untilReplicated();
});

afterAll(async () => {
  if (replicating && replicating.exitCode === null) {
    const exited = new Promise((resolve) => replicating.once("exit", resolve));
    replicating.kill("SIGTERM");
    await exited;
  }
  await db?.destroy();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("Litestream with the shop's SQLite database", () => {
  it("restores to a point in time: what was written before it is there, what came after is not", async () => {
    expect(execFileSync(litestream, ["version"], { encoding: "utf8" }).trim()).toBe("v0.3.13");

    await addMessage("before");
    await untilReplicated("before");
    const holdingBefore = segments();
    await addMessage("after");
    await untilReplicated("after");
    // Midway between the last segment that was there with 'before' and the first one written since.
    const lastBefore = Math.max(...holdingBefore.values());
    const firstSince = Math.min(...[...segments()].filter(([f]) => !holdingBefore.has(f)).map(([, at]) => at));
    expect(firstSince - lastBefore).toBeGreaterThan(2);
    const pointInTime = new Date(Math.floor((lastBefore + firstSince) / 2)).toISOString();

    expect(await restoredMessages("at-point-in-time.db", pointInTime)).toEqual(["before"]);
    expect(await restoredMessages("latest.db")).toEqual(["before", "after"]);
    expect(log).not.toMatch(/level=ERROR/);
  });

  it("ships a checkpoint interval that bounds how long a write can wait for the replicas", () => {
    const shipped = readFileSync("deploy/litestream/litestream.yml", "utf8");
    const interval = /^ {4}checkpoint-interval: (\d+)s$/m.exec(shipped);
    expect(interval, "deploy/litestream/litestream.yml sets the database's checkpoint-interval").not.toBeNull();
    expect(Number(interval![1])).toBeLessThanOrEqual(10);
  });
});
