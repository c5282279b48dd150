import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The house rules of docs/decisions/023, checked on every file git knows, so they stay kept. The 300-line limit is
// advice since decision 035: `npm test` prints the longer files as a warning (scripts/long-files.ts).

const files = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts", "bench", "tests"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && existsSync(f)); // a file deleted but not yet committed is gone

/** Where queries may be written: repositories, the data layer, tests and their fixtures, the benchmarks. */
const mayQuery = (file: string) =>
  /\.repository\.server\.ts$/.test(file) ||
  file.startsWith("app/db/") ||
  /\.test\.tsx?$/.test(file) ||
  file.includes("/testing/") ||
  file.startsWith("tests/") ||
  file.startsWith("bench/");

/** Test code: Vitest's tests, Playwright's journeys, and their fixtures and support. */
const isTestCode = (file: string) =>
  /\.(test|spec)\.tsx?$/.test(file) || file.includes("/testing/") || file.startsWith("tests/");

/**
 * A fixed wait: Playwright's `waitForTimeout(`, a promise only a timer settles (`new Promise((r) => setTimeout(r, ms))`,
 * bare or as a `sleep` helper), or Node's promised timers. Tests wait for what they check instead (CONTRIBUTING.md,
 * "Tests wait for what they check").
 */
const fixedWait =
  /\bwaitForTimeout\(|new Promise(?:<[^>]*>)?\(\s*\(?\s*(\w+)\s*\)?\s*=>\s*setTimeout\(\s*\1\s*,|["']node:timers\/promises["']/g;

/**
 * The timers that stay: each is part of what the test puts under test, never a wait for something to happen. How
 * many each file may hold, and why.
 */
const timersUnderTest: Record<string, { count: number; why: string }> = {
  "app/modules/admin/orders/orders-admin.service.test.ts": {
    count: 1,
    why: "every database answer comes 40 ms late, so staff members' transactions really overlap",
  },
  "app/modules/admin/orders/payments-admin.service.test.ts": {
    count: 1,
    why: "every database answer comes 40 ms late, so staff members' transactions really overlap",
  },
  "app/db/sqlite-dialect.test.ts": {
    count: 1,
    why: "a transaction that takes a while, so a second would begin inside it if they did not take turns",
  },
  "app/db/prepare.test.ts": {
    count: 1,
    why: "the step after the migrations takes a while, so the other copy would run its own inside it without the lock",
  },
  "server/shutdown.test.ts": { count: 1, why: "the slow route under test: answers after ?ms=" },
  "server/connection-timeouts.test.ts": {
    count: 1,
    why: "the connection is left idle past Node's own 5 s keep-alive: the idle time is what is tested",
  },
};

/**
 * Each `{ ok: false …}` object or type written in `source` that lacks a `code` (docs/decisions/074: one shape for an
 * expected failure, made by fail/failFields of app/lib/result.ts), as "line: text". An answer to an error nobody
 * expected (a 500) is not a failure: it says so with `// not a Failure:` on its line.
 */
export function failuresWithoutCode(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/\{\s*ok: false\b/g)) {
    const lineStart = source.lastIndexOf("\n", match.index) + 1;
    if (/^\s*(\*|\/\/)|\/\//.test(source.slice(lineStart, match.index))) continue; // in a comment
    if (/Extract<[^<>]*,\s*$/.test(source.slice(lineStart, match.index))) continue; // picks a failure out of a type
    let depth = 0;
    let end = match.index;
    for (; end < source.length; end++) {
      if (source[end] === "{") depth++;
      else if (source[end] === "}" && --depth === 0) break;
    }
    const literal = source.slice(match.index, end + 1);
    const lineEnd = source.indexOf("\n", end);
    const rest = source.slice(end, lineEnd === -1 ? undefined : lineEnd);
    if (/\bcode\b/.test(literal) || /\/\/ not a Failure:/.test(rest)) continue;
    const line = source.slice(0, match.index).split("\n").length;
    found.push(`${line}: ${literal.replace(/\s+/g, " ").slice(0, 80)}`);
  }
  return found;
}

/** Areas excused from the one failure shape: none since issue 60's work was merged (keep it empty). */
const failureShapeExceptions: string[] = [];

describe("house rules", () => {
  it("finds the project's files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("app/modules/orders/orders.repository.server.ts");
  });

  it("writes queries only in a module's repository (or the data layer, tests and benchmarks)", () => {
    const query = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(/;
    const outside = files.filter((f) => !mayQuery(f) && query.test(readFileSync(f, "utf8")));
    expect(outside).toEqual([]);
  });

  it("says every expected failure with a code: `{ ok: false` without one is another shape (decision 074)", () => {
    const shaped = (f: string) =>
      /^(app|server)\//.test(f) &&
      !/\.test\.tsx?$/.test(f) &&
      !f.includes("/testing/") &&
      !failureShapeExceptions.some((area) => f.startsWith(area));
    const others = files
      .filter(shaped)
      .flatMap((f) => failuresWithoutCode(readFileSync(f, "utf8")).map((where) => `${f}:${where}`));
    expect(others).toEqual([]);
  });

  it("catches a failure without its code, in a value or a type, and lets a coded or marked one pass", () => {
    expect(failuresWithoutCode('return { ok: false, message: "No." };')).toEqual(['1: { ok: false, message: "No." }']);
    expect(
      failuresWithoutCode("type A =\n  | { ok: true }\n  | { ok: false; error: string; status: number };"),
    ).toEqual(["3: { ok: false; error: string; status: number }"]);
    expect(failuresWithoutCode('return { ok: false, values: { a: "b" }, reason };')).toHaveLength(1);
    expect(failuresWithoutCode('return { ok: false, code: "invalid", message: "No." };')).toEqual([]);
    expect(failuresWithoutCode("type F = { ok: false; code: FailureCode; message: string };")).toEqual([]);
    expect(failuresWithoutCode('return { ok: false, message: "Failed." }; // not a Failure: a bug, logged')).toEqual(
      [],
    );
    expect(failuresWithoutCode(" * A failure (`{ ok: false, … }`) rolls back.")).toEqual([]);
    expect(failuresWithoutCode("type Refused = Extract<Answer, { ok: false }>;")).toEqual([]);
  });

  it("waits in tests for what they check, never a fixed time (the timers under test named above)", () => {
    const found = files
      .filter((file) => isTestCode(file) && file !== "scripts/house-rules.test.ts") // this file names them
      .flatMap((file) => {
        const text = readFileSync(file, "utf8");
        const lines = [...text.matchAll(fixedWait)].map(
          (match) => `${file}:${text.slice(0, match.index).split("\n").length}`,
        );
        return lines.length > (timersUnderTest[file]?.count ?? 0) ? lines : [];
      });
    expect(found).toEqual([]);
    // Each named timer is still there: an entry goes when its timer does.
    for (const [file, { count }] of Object.entries(timersUnderTest))
      expect([...readFileSync(file, "utf8").matchAll(fixedWait)], file).toHaveLength(count);
  });
});

// Each table is written by one module (issue 60, docs/decisions/072): another module asks that module through its
// services (the data-rights erasure calls each module's own erase). A module is a folder under app/modules, as
// scripts/module-graph.ts counts them (the back office, app/modules/admin, is one module).
const tableWriters: Record<string, string> = {
  // accounts: who someone is and how they sign in (better-auth writes these through its adapter, in accounts too)
  user: "accounts",
  session: "accounts",
  account: "accounts",
  verification: "accounts",
  twoFactor: "accounts",
  used_second_factor_codes: "accounts",
  app_secrets: "accounts",
  staff_invitations: "accounts",
  // the back office's own: the catalogue's items and pictures, its imports, the blog, the home page's reviews
  devices: "admin",
  flavours: "admin",
  uploads: "admin",
  catalog_imports: "admin",
  posts: "admin",
  reviews: "admin",
  message_replies: "admin",
  // the back office's audit log (docs/decisions/080): appended to and purged by its own module only
  audit_log: "audit",
  age_verifications: "age-checks",
  age_documents: "age-checks",
  backup_runs: "backups",
  cart_lines: "cart",
  wishlist_items: "cart",
  guest_merges: "cart",
  variants: "catalog",
  price_changes: "catalog",
  addresses: "checkout",
  checkout_state: "checkout",
  shipping_methods: "checkout",
  mhra_numbers: "compliance",
  mhra_list_loads: "compliance",
  about_page: "content",
  messages: "content",
  goods_in: "duty",
  goods_in_lines: "duty",
  duty_disposals: "duty",
  jobs: "jobs",
  outbox_emails: "mail",
  orders: "orders",
  order_lines: "orders",
  order_events: "orders",
  order_payments: "orders",
  return_requests: "orders",
  return_lines: "orders",
  take_back_requests: "orders",
  cancellation_notices: "orders",
  payment_attempts: "payments",
  payment_events: "payments",
  refunds: "payments",
  rate_limit_hits: "security",
  stock_movements: "stock",
  stock_alerts: "stock",
};

/** Files whose writes are outside the rule, each with its reason. */
const outsideTheWritersRule: { files: RegExp; why: string }[] = [
  { files: /^app\/db\/migrations\//, why: "migrations shape and fill every table as the schema changes" },
  {
    files: /^app\/db\//,
    why: "the data layer: the reset, transfer and restore copy tools move every table; the health check and the storefront version are its own",
  },
  { files: /^app\/demo\//, why: "the demo seed fills every module's tables at once, as a shop's first data" },
  {
    files: /\/testing\/|\.test\.tsx?$|^tests\//,
    why: "tests and their fixtures set up rows across modules",
  },
  {
    files: /^bench\//,
    why: "the benchmarks and their generated catalogue fill tables in bulk",
  },
];

type Write = { table: string; file: string; module: string };

/** The writes of a file's text: Kysely's insertInto/updateTable/deleteFrom/replaceInto/mergeInto and raw SQL. */
function writesIn(text: string): string[] {
  const builder =
    /\.(?:insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*(?:"(\w+)(?:\s+as\s+\w+)?"|([^)]*))/g;
  const raw =
    /\bsql(?:<[^`]*>)?`\s*(?:insert\s+into|update|delete\s+from|replace\s+into|merge\s+into)\s+(?:"?(\w+)|(\$\{[^}]*\}))/gi;
  return [...text.matchAll(builder), ...text.matchAll(raw)].map((m) => m[1] ?? `(not named: ${m[2]!.trim()})`);
}

/** The module of a file under app/modules; any other file is its own writer, named by its path. */
const writerOf = (file: string) => /^app\/modules\/([^/]+)\//.exec(file)?.[1] ?? file;

const writes: Write[] = files
  .filter((file) => !outsideTheWritersRule.some((o) => o.files.test(file)))
  .flatMap((file) => writesIn(readFileSync(file, "utf8")).map((table) => ({ table, file, module: writerOf(file) })));

/** The writes by another module than the table's one writer (or of a table that has none listed). */
function secondWriters(found: Write[], owners: Record<string, string>): string[] {
  return found
    .filter((w) => owners[w.table] !== w.module)
    .map((w) => `${w.table} written by ${w.module} (${w.file}); its writer: ${owners[w.table] ?? "none listed"}`);
}

describe("each table has one writer", () => {
  it("reads the writes of a file", () => {
    const text =
      'await db\n  .updateTable("orders as o")\n  .set({})\n; trx.deleteFrom( "jobs" ); db.insertInto(table);';
    expect(writesIn(text)).toEqual(["orders", "jobs", "(not named: table)"]);
    expect(writesIn("await sql`update stock_alerts set x = 1`.execute(db)")).toEqual(["stock_alerts"]);
    expect(writesIn('sql`delete from ${sql.table(name)}`; sql<X>`insert into "jobs" (id)`')).toEqual([
      "(not named: ${sql.table(name)})",
      "jobs",
    ]);
    expect(writes.length).toBeGreaterThan(50);
  });

  it("fails on a second writer", () => {
    const stock = { table: "stock_alerts", file: "app/modules/stock/stock.repository.server.ts", module: "stock" };
    const other = { table: "stock_alerts", file: "app/modules/cart/cart.repository.server.ts", module: "cart" };
    expect(secondWriters([stock], tableWriters)).toEqual([]);
    expect(secondWriters([stock, other], tableWriters)).toEqual([
      "stock_alerts written by cart (app/modules/cart/cart.repository.server.ts); its writer: stock",
    ]);
    expect(secondWriters([{ ...other, table: "new_table" }], tableWriters)).toHaveLength(1);
  });

  it("has every table written only by its one module (docs/decisions/072)", () => {
    // When this fails: ask the table's module through its service, or list a new table's writer in tableWriters.
    expect(secondWriters(writes, tableWriters)).toEqual([]);
  });

  it("lists no writer that no longer writes", () => {
    // A table nobody writes any more leaves tableWriters.
    expect(Object.keys(tableWriters).filter((table) => !writes.some((w) => w.table === table))).toEqual([]);
  });
});
