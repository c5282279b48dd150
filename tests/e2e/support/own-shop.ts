// A shop of the journey's own, as its own process (node build/main.js), on SQLite or on a PostgreSQL server of the
// test's own, its e-mails going to the e2e SMTP server (so waitForMail finds them). Restartable on the same database,
// with its system clock moved by faketime (`clock`), for the journeys of dated rules.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, type Browser, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_SMTP_PORT } from "./ports";
import { startOwnPostgres, type OwnPostgres } from "./own-postgres";
import { confirmAgeByCookie, ownClientAddress } from "./shop";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./processes";

export type OwnShop = {
  base: string;
  databaseUrl: string;
  shop: () => ShopProcess;
  /** A statement on the shop's database (set-up and checks; what a journey tests happens through the pages). */
  query: (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;
  /** Stops the shop and starts it again on the same database, its clock at `clock` (UTC) if given. */
  restart: (clock?: string) => Promise<void>;
  stop: () => Promise<void>;
};

export async function startOwnShop(
  pg: OwnPostgres | undefined,
  env: Record<string, string> = {},
  clock?: string,
): Promise<OwnShop> {
  const dir = mkdtempSync(join(tmpdir(), "shop-own-e2e-"));
  const port = await freePort();
  const databaseUrl = pg ? await pg.createDatabase("own_shop") : `file:${join(dir, "shop.db")}`;
  const base = `http://localhost:${port}`;
  const settings = {
    PORT: String(port),
    APP_URL: base,
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: join(dir, "uploads"),
    AGE_DOCUMENTS_DIR: join(dir, "age-documents"),
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    TRUST_PROXY: "1",
    JOB_POLL_MS: "100",
    CONTENT_VERSION_POLL_MS: "100",
    LOG_LEVEL: "warn",
    ...env,
  };
  let current: ShopProcess;
  const start = async (at?: string) => {
    current = startShop(settings, { clock: at });
    await waitForHealth(current, 60_000);
  };
  const halt = async () => {
    current.child.kill("SIGTERM");
    await current.exited;
  };
  await start(clock);
  const query = async (text: string, params: unknown[] = []) => {
    if (pg) {
      let n = 0;
      return pg.query(
        databaseUrl,
        text.replace(/\?/g, () => `$${++n}`),
        params,
      );
    }
    const db = new Database(databaseUrl.replace(/^file:/, ""));
    try {
      db.pragma("busy_timeout = 5000");
      const statement = db.prepare(text);
      return statement.reader
        ? (statement.all(...params) as Array<Record<string, unknown>>)
        : (statement.run(...params), []);
    } finally {
      db.close();
    }
  };
  return {
    base,
    databaseUrl,
    shop: () => current,
    query,
    restart: async (at?: string) => {
      await halt();
      await start(at);
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A shop of the describe block's own on SQLite or on a PostgreSQL server of its own, started before its tests and
 * stopped after them; read it inside a test with the getter.
 */
export function ownShopOn(database: "sqlite" | "postgres", env: Record<string, string> = {}): () => OwnShop {
  let own: OwnShop | undefined;
  let pg: OwnPostgres | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (database === "postgres") pg = await startOwnPostgres();
    own = await startOwnShop(pg, env);
  });
  test.afterAll(async () => {
    await own?.stop();
    pg?.destroy();
  });
  return () => {
    if (!own) throw new Error("the journey's own shop has not started");
    return own;
  };
}

/** A browser of its own at this shop: its own client address (rate limits), the age question answered. */
export async function browserAt(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, base);
  return context.newPage();
}
