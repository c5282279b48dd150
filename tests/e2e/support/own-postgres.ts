// A PostgreSQL server of the test's own, on a spare port, that the test may stop and start (never the shared one).
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "./processes";

export type OwnPostgres = {
  port: number;
  /** The server's own `postgres` database, for statements about other databases. */
  adminUrl: string;
  /** A new, empty database on this server. */
  createDatabase: (name: string) => Promise<string>;
  query: (databaseUrl: string, text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  /** `fast` ends every session with 57P01 (administrator command); `immediate` drops them without a word. */
  stop: (mode?: "fast" | "immediate") => void;
  start: () => void;
  destroy: () => void;
};

function postgresBin(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  if (!version)
    throw new Error("PostgreSQL server binaries not found under /usr/lib/postgresql (apt-get install postgresql)");
  return join(root, version, "bin");
}

/** PostgreSQL refuses to run as root: as root, its tools run as the postgres user. */
function run(command: string, args: string[]) {
  const asRoot = process.getuid?.() === 0;
  const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
  execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  const dir = mkdtempSync(join(tmpdir(), "shop-own-pg-"));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = await freePort();
  run(join(bin, "initdb"), ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
  const start = () =>
    run(join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", join(dir, "log"), "-w", "-t", "30", "start"]);
  const stop = (mode: "fast" | "immediate" = "fast") =>
    run(join(bin, "pg_ctl"), ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async (databaseUrl: string, text: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Array<Record<string, unknown>>;
    } finally {
      await client.end();
    }
  };
  return {
    port,
    adminUrl: admin,
    createDatabase: async (name) => {
      await query(admin, `create database "${name}"`);
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    query,
    stop,
    start,
    destroy: () => {
      try {
        stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
