/**
 * SQLite with several server processes on one file (docs/decisions/031). Kysely's own SQLite dialect opens every
 * transaction with a plain (deferred) `begin`: the transaction reads, then asks for the write lock. When another
 * process wrote in between, SQLite cannot let it upgrade (its snapshot is stale) and answers SQLITE_BUSY at once,
 * whatever the busy timeout: with two processes, a quarter of the orders placed at a busy moment were refused.
 *
 * Here every transaction starts with `begin immediate`, which takes the write lock before reading anything, so two
 * processes queue for the lock instead of deadlocking on its upgrade. Waiting for the lock happens in two tiers:
 * SQLite's own busy handler for a short while (it sleeps 1, 2, 5, 10… ms, blocking this process's event loop), then,
 * if the other process still holds the lock, asynchronously with backoff until the write budget runs out, so a long
 * wait does not stall everything else this process is doing. Only then does the error reach the caller (a 503).
 * A statement outside a transaction is retried the same way; one inside a transaction never is (it holds the lock).
 */
import type SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  SqliteDialect,
  SqliteDriver,
  SqliteQueryCompiler,
  type AbortableOperationOptions,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDialectConfig,
} from "kysely";

/** How long SQLite's own busy handler waits for the lock (blocking) before this module waits asynchronously. */
export const SQLITE_BUSY_TIMEOUT_MS = 50;
/** How long one write may wait for the lock in all, before the database counts as unavailable. */
export const SQLITE_WRITE_BUDGET_MS = 15_000;

/** The single connection Kysely's driver shares, and whether it is inside a transaction right now. */
export type SqliteHandle = {
  prepare(sql: string): SqliteDatabase.Statement;
  close(): void;
  readonly inTransaction: boolean;
};

export const isBusy = (error: unknown): boolean =>
  typeof (error as { code?: unknown } | null)?.code === "string" &&
  /^SQLITE_BUSY/.test((error as { code: string }).code);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a statement that holds no lock yet, again and again while the database is locked, within the budget. */
async function whileBusy<T>(run: () => Promise<T>, budgetMs: number): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isBusy(error) || Date.now() - started >= budgetMs) throw error;
      // 2, 4, 8 … up to 50 ms, with jitter so two waiting processes do not retry in step.
      await sleep(Math.min(50, 2 ** (attempt + 1)) * (0.5 + Math.random()));
    }
  }
}

class RetryingConnection implements DatabaseConnection {
  constructor(
    private readonly inner: DatabaseConnection,
    private readonly handle: SqliteHandle,
    private readonly budgetMs: number,
  ) {}

  executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
    // Inside a transaction the lock is already ours (begin immediate): a busy answer there is a real fault.
    if (this.handle.inTransaction) return this.inner.executeQuery<R>(query, options);
    return whileBusy(() => this.inner.executeQuery<R>(query, options), this.budgetMs);
  }

  streamQuery<R>(
    query: CompiledQuery,
    chunkSize: number,
    options?: AbortableOperationOptions,
  ): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize, options);
  }
}

class ImmediateSqliteDriver extends SqliteDriver {
  readonly #connections = new WeakMap<DatabaseConnection, RetryingConnection>();

  constructor(
    config: SqliteDialectConfig,
    private readonly handle: SqliteHandle,
    private readonly budgetMs: number,
  ) {
    super(config);
  }

  // One caller at a time on SQLite's single connection: since Kysely 0.29 its RuntimeDriver takes that lock for any
  // dialect whose adapter has one connection (SqliteAdapter, not overridden here), no longer SqliteDriver itself.
  override async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await super.acquireConnection();
    let connection = this.#connections.get(inner);
    if (!connection) {
      connection = new RetryingConnection(inner, this.handle, this.budgetMs);
      this.#connections.set(inner, connection);
    }
    return connection;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

/**
 * Kysely's SQLite compiler, writing each parameter as `+?` instead of `?` (docs/decisions/062). Since SQLite 3.5x the
 * query planner peeks at a bare parameter's bound value while it weighs a plan (`sqlite3ExprIsInteger`), and marks the
 * statement to be planned again whenever that parameter is bound: every run of a join, an ORDER BY or a LIMIT was
 * parsed and planned anew (11–27 µs instead of 2–5). Unary plus is a no-op on any value, has no affinity, as a bare
 * parameter has none, and still lets an index serve `column = +?`; the planner only no longer sees a parameter there.
 */
export class PlusParameterCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return "+?";
  }
}

/** Kysely's SQLite dialect, with transactions that take the write lock first and wait for it patiently. */
export class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly handle: SqliteHandle,
    private readonly budgetMs = SQLITE_WRITE_BUDGET_MS,
  ) {
    super({ database: handle });
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver({ database: this.handle }, this.handle, this.budgetMs);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PlusParameterCompiler();
  }
}
