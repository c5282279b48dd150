import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, sql, type Compilable, type OperationNodeSource } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { nameStatements, statementNames } from "./named-statements.server";
import { ImmediateSqliteDialect, SQLITE_BUSY_TIMEOUT_MS, type SqliteHandle } from "./sqlite-dialect.server";

export type Db = Kysely<Database>;
export type DatabaseKind = "sqlite" | "postgres";

export function databaseKind(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(url) ? "postgres" : "sqlite";
}

/** A database URL as it may be printed: its password hidden. */
export const shownDatabaseUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@]*@/, "//$1:***@");

/** `file:./data/shop.db` → an absolute path; `file::memory:` stays in memory. */
export function sqlitePath(url: string): string {
  const path = url.replace(/^file:/, "");
  return path === ":memory:" ? path : resolve(path);
}

export type DatabaseOptions = {
  poolSize?: number;
  /** Told about every connection the database broke (restart, network); default: a line on stderr. */
  onConnectionError?: (error: Error) => void;
  /** SQLite: open the file only to read it (a backup's snapshot), changing nothing in it. */
  readonly?: boolean;
};

const pools = new WeakMap<Db, pg.Pool>();

/** A PostgreSQL database's connection pool now (for metrics); null for SQLite (one connection, no pool). */
export function poolUse(db: Db): { total: number; idle: number; waiting: number; max: number } | null {
  const pool = pools.get(db);
  return pool
    ? { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 }
    : null;
}

/** How long a request waits for a PostgreSQL connection before it is told the database is unavailable. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The planner told that reading a page by an index costs about what reading it in order does (PostgreSQL's default
 * assumes a spinning disk: 4 to 1). The shop's tables are small and in memory, and at the default it read all 10,000
 * items to evaluate a search rather than ask the full-text index (11 ms, 5 ms by the index: docs/decisions/051). An
 * `options` parameter in DATABASE_URL takes its place.
 */
const PLANNER_SETTINGS = "-c random_page_cost=1.1";

/** Opens the database named by the URL: a SQLite file by default, PostgreSQL for postgres:// URLs. */
export function createDatabase(url: string, options: DatabaseOptions = {}): Db {
  if (databaseKind(url) === "postgres") {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      options: PLANNER_SETTINGS,
    });
    const lost =
      options.onConnectionError ??
      ((error: Error) => console.error(`A database connection was lost: ${error.message}`));
    // A connection the database breaks (restart, network) emits 'error'; without a listener that kills the process.
    // The pool listens on idle ones only, so every new client gets its own listener too: the query it was running
    // fails (only that request), and the pool drops the client and makes a new one (docs/decisions/011).
    pool.on("connect", (client) => {
      client.on("error", lost);
      // Statements prepared once per connection (docs/decisions/059).
      nameStatements(client, statementNames);
    });
    pool.on("error", () => {}); // an idle client's error: already told by the client's own listener
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pools.set(db, pool);
    return db;
  }
  const path = sqlitePath(url);
  if (options.readonly) {
    const snapshot = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
    return new Kysely<Database>({ dialect: new ImmediateSqliteDialect(preparedOnce(snapshot)) });
  }
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SqliteDatabase(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // A short blocking wait for the write lock; longer waits are asynchronous (app/db/sqlite-dialect.server.ts).
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  return new Kysely<Database>({ dialect: new ImmediateSqliteDialect(preparedOnce(sqlite)) });
}

/**
 * better-sqlite3 with each statement prepared once per SQL text (Kysely prepares again for every query: measured 3%
 * of a rendered page). Statements are reused one at a time: better-sqlite3 runs them synchronously, and the shop
 * never streams a query (a statement being iterated cannot run again until it finishes).
 */
function preparedOnce(sqlite: SqliteDatabase.Database): SqliteHandle {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    get inTransaction() {
      return sqlite.inTransaction;
    },
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        if (statements.size >= 1000) statements.clear();
        statement = sqlite.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

/** A cheap round trip used at start and by /healthz. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Proves the database takes writes: one row per server copy, its time of the last check. */
export async function recordHealthCheck(db: Db, name: string, at: string): Promise<void> {
  await db.transaction().execute((trx) =>
    trx
      .insertInto("health_checks")
      .values({ name, checked_at: at })
      .onConflict((oc) => oc.column("name").doUpdateSet({ checked_at: at }))
      .execute(),
  );
}

/** Whether the database (or a transaction on it) is PostgreSQL: for the few queries each database does its own way. */
export const isPostgres = (db: Db): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** A write statement built but not run (an insert, update or delete query builder). */
export type Write = Compilable & OperationNodeSource & { execute(): Promise<unknown> };

/**
 * Runs several writes as one unit inside the caller's transaction: on PostgreSQL as one statement (the first ones as
 * data-modifying CTEs, one round trip instead of one each; they all see the same snapshot, so none may depend on
 * another's rows except through foreign keys, which are checked at the statement's end), on SQLite one after another
 * (no round trips to save). `null` entries (nothing to write) are skipped.
 */
export async function writeTogether(trx: Db, writes: Array<Write | null>): Promise<void> {
  const todo = writes.filter((w): w is Write => w !== null);
  if (!isPostgres(trx) || todo.length < 2) {
    for (const write of todo) await write.execute();
    return;
  }
  const last = todo.pop()!;
  const ctes = todo.map((write, i) => sql`${sql.raw(`w${i}`)} as (${write})`);
  await sql`with ${sql.join(ctes)} ${last}`.execute(trx);
}
