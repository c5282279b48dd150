// The backup benchmark (`BENCH_ONLY=backup npm run bench`, issue 37): a shop with a catalogue of BENCH_CATALOGUE_ITEMS
// devices and flavours (default 10,000), BENCH_BACKUP_ORDERS orders (default 10,000, two lines each) and 1,000
// customers, on a fresh SQLite file and a fresh PostgreSQL database: the backup's time and file size, the restore's
// time into an empty database of the same kind, and `db:copy` from SQLite into PostgreSQL. BENCH_ROUNDS rounds (3).
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, type Db } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import { createBackup } from "~/modules/backups/backups.service.server";
import { copyDatabase, restoreBackup } from "~/modules/backups/restore.service.server";
import { freshPostgres } from "./bench-support";
import { buildLargeCatalogue } from "./catalogue-generator";
import { seedDemoContent } from "~/demo/seed.server";

const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 10_000);
const ORDERS = Number(process.env.BENCH_BACKUP_ORDERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CUSTOMERS = 1_000;
const BATCH = 250;

/** Customers and orders as the shop writes them (two lines each), inserted in batches. */
async function addOrders(db: Db) {
  const now = new Date("2026-11-01T10:00:00.000Z").toISOString();
  const users = Array.from({ length: CUSTOMERS }, (_, i) => ({
    id: `bench-customer-${i}`,
    name: `Customer ${i}`,
    email: `customer${i}@bench.test`,
    firstName: "Customer",
    emailVerified: 1,
    createdAt: now,
    updatedAt: now,
    role: "customer",
  }));
  for (let i = 0; i < users.length; i += BATCH)
    await db
      .insertInto("user")
      .values(users.slice(i, i + BATCH) as never)
      .execute();
  const flavours = await db.selectFrom("flavours").select(["id", "name"]).limit(500).execute();
  for (let start = 0; start < ORDERS; start += BATCH) {
    const orders = [];
    const lines = [];
    for (let n = start; n < Math.min(ORDERS, start + BATCH); n++) {
      const id = `B${String(n).padStart(7, "0")}`;
      orders.push({
        id,
        user_id: `bench-customer-${n % CUSTOMERS}`,
        idempotency_key: `bench-order-key-${n}-aaaaaaaaaa`,
        status: "delivered" as const,
        payment_status: "paid" as const,
        address_title: "Home",
        address_type: "HOME" as const,
        address_recipient: `Customer ${n % CUSTOMERS}`,
        address_line1: `${n} High Street`,
        address_line2: "",
        address_town: "Leeds",
        address_postcode: "LS1 1AA",
        address_phone: "07700 900111",
        shipping_method: "free" as const,
        delivery_date: "2026-11-16",
        shipping_cents: 0,
        subtotal_cents: 2598,
        tax_cents: 433,
        total_cents: 2598,
        currency: "GBP",
        tax_rate_basis_points: 2000,
        created_at: now,
        updated_at: now,
      });
      for (const position of [0, 1]) {
        const flavour = flavours[(n + position) % flavours.length]!;
        lines.push({
          order_id: id,
          position,
          kind: "flavour" as const,
          item_id: flavour.id,
          name: flavour.name,
          image: null,
          flavour: flavour.name,
          nicotine_strength: 10,
          puff_count: null,
          unit_price_cents: 1299,
          quantity: 1,
          line_total_cents: 1299,
        });
      }
    }
    await db.insertInto("orders").values(orders).execute();
    await db.insertInto("order_lines").values(lines).execute();
  }
}

type Round = { backupMs: number; bytes: number; restoreMs: number; copyMs?: number };
type Target = { url: string; drop: () => Promise<void> };

async function emptyTarget(kind: "sqlite" | "postgres", tag: string): Promise<Target | null> {
  if (kind === "postgres") return freshPostgres(tag);
  const dir = mkdtempSync(join(tmpdir(), "shop-bench-restore-"));
  return { url: `file:${dir}/shop.db`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function oneRound(kind: "sqlite" | "postgres", url: string, round: number, work: string): Promise<Round> {
  const db = createDatabase(url, { poolSize: 2 });
  let backup;
  try {
    const started = performance.now();
    backup = await createBackup(db, {
      databaseUrl: url,
      uploadDir: join(work, "uploads"),
      outDir: join(work, `out-${kind}-${round}`),
      keepDays: 30,
      shopVersion: "bench",
    });
    const backupMs = performance.now() - started;
    const target = (await emptyTarget(kind, `restore${round}`))!;
    try {
      const restoreStarted = performance.now();
      await restoreBackup(backup.file, { databaseUrl: target.url, uploadDir: join(work, `restored-${kind}-${round}`) });
      return { backupMs, bytes: backup.bytes, restoreMs: performance.now() - restoreStarted };
    } finally {
      await target.drop();
    }
  } finally {
    await db.destroy();
  }
}

const seconds = (values: number[]) =>
  `${(Math.min(...values) / 1000).toFixed(1)}–${(Math.max(...values) / 1000).toFixed(1)} s`;

export async function measureBackups(): Promise<void> {
  console.log(
    `\nBackups: ${ITEMS.toLocaleString("en-GB")} catalogue items, ${ORDERS.toLocaleString("en-GB")} orders (two lines each), ${CUSTOMERS.toLocaleString("en-GB")} customers; ${ROUNDS} rounds`,
  );
  const work = mkdtempSync(join(tmpdir(), "shop-bench-backup-"));
  mkdirSync(join(work, "uploads", "ab"), { recursive: true });
  // A shop's images: 200 files of 40 kB (uploads are WebP variants of a few sizes).
  for (let i = 0; i < 200; i++) writeFileSync(join(work, "uploads", "ab", `${i}.webp`), Buffer.alloc(40_000, i));
  const sqliteUrl = `file:${work}/shop.db`;
  try {
    for (const kind of ["sqlite", "postgres"] as const) {
      const source = kind === "sqlite" ? { url: sqliteUrl, drop: async () => {} } : await freshPostgres("backup");
      if (!source) {
        console.log("PostgreSQL: no server answers at BENCH_PG_URL; skipped");
        continue;
      }
      try {
        if (kind === "sqlite") {
          const db = createDatabase(source.url);
          try {
            await migrateToLatest(db);
            await seedDemoContent(db);
            const built = await buildLargeCatalogue(db, { items: ITEMS });
            await addOrders(db);
            console.log(
              `SQLite shop: ${built.devices.total} devices, ${built.flavours.total} flavours, ${ORDERS} orders`,
            );
          } finally {
            await db.destroy();
          }
        } else {
          // The same shop, moved by db:copy (itself measured).
          const started = performance.now();
          const copied = await copyDatabase(sqliteUrl, source.url);
          const rows = Object.values(copied.tables).reduce((a, b) => a + b, 0);
          console.log(
            `db:copy SQLite → PostgreSQL: ${rows.toLocaleString("en-GB")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
          );
        }
        const rounds: Round[] = [];
        for (let round = 0; round < ROUNDS; round++) rounds.push(await oneRound(kind, source.url, round, work));
        const sizes = rounds.map((r) => r.bytes / 1_000_000);
        console.log(
          `${kind === "sqlite" ? "SQLite" : "PostgreSQL"}: backup ${seconds(rounds.map((r) => r.backupMs))}, ` +
            `file ${Math.min(...sizes).toFixed(1)}–${Math.max(...sizes).toFixed(1)} MB, ` +
            `restore into an empty database ${seconds(rounds.map((r) => r.restoreMs))}`,
        );
      } finally {
        await source.drop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
