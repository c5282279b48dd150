// The catalogue import benchmark (`BENCH_ONLY=import npm run bench`, issue 30): a file of BENCH_IMPORT_VARIANTS
// variants (default 10,000) in the shop's CSV format, imported into an empty shop on a fresh SQLite file and a fresh
// PostgreSQL database: the dry run, the import, the same file again (nothing to change) and a file changing every
// variant's stock. Target: the import of 10,000 variants in under a minute on either database.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase } from "~/db/database.server";
import { migrateToLatest } from "~/db/migrate.server";
import type { SessionUser } from "~/modules/accounts/accounts";
import { importCatalogue } from "~/modules/admin/catalog/csv/catalog-import.service.server";
import { catalogCsv, type CatalogCsvRow } from "~/modules/admin/catalog/csv/catalog-csv.server";
import { UNSAID } from "~/modules/admin/catalog/csv/catalog-csv";
import { freshPostgres } from "./bench-support";

const VARIANTS = Number(process.env.BENCH_IMPORT_VARIANTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const staff: SessionUser = {
  id: "bench-staff",
  name: "Bench Staff",
  email: "bench@shop.test",
  firstName: "Bench",
  lastName: null,
  dateOfBirth: "1990-01-01",
  role: "staff",
  authProvider: "email",
};
const flavourWords = ["Blue Razz", "Mango", "Mint", "Cola", "Grape", "Lemon", "Peach", "Melon", "Cherry", "Apple"];
const STRENGTHS = [0, 5, 10, 15, 20];

/** Half the variants on devices (5 flavours × 5 strengths each), half on flavours (5 strengths each). */
export function importFile(variants: number, stockDelta = 0): string {
  const rows: Array<Omit<CatalogCsvRow, "line">> = [];
  const deviceCount = Math.ceil(variants / 2 / 25);
  for (let d = 0; d < deviceCount && rows.length < variants / 2; d++)
    for (const flavour of flavourWords.slice(d % 5, (d % 5) + 5))
      for (const strength of STRENGTHS)
        rows.push({
          sku: `DEV-${d}-${flavour.replace(/\s/g, "").toUpperCase()}-${strength}`,
          kind: "device",
          handle: `bench-kit-${d}`,
          name: `Bench Kit ${d}`,
          description: `A pod kit, number ${d}, with "quotes", commas, and a second line.\nSecond line.`,
          deviceHandle: null,
          flavour,
          nicotineStrength: strength,
          puffCount: 600,
          barcode: null,
          priceCents: 1999 + (strength === 20 ? 100 : 0),
          stock: 10 + ((d + strength) % 40) + stockDelta,
          trackStock: true,
          images: ["/images/devices/kit.webp"],
          mhraEcid: `00000-25-${String(d).padStart(5, "0")}`,
          ...UNSAID,
        });
  for (let f = 0; rows.length < variants; f++)
    for (const strength of STRENGTHS)
      if (rows.length < variants)
        rows.push({
          sku: `FLV-${f}-${strength}`,
          kind: "flavour",
          handle: `bench-flavour-${f}`,
          name: `${flavourWords[f % flavourWords.length]} ${f}`,
          description: "Fruity, then ice.",
          deviceHandle: `bench-kit-${f % deviceCount}`,
          flavour: "",
          nicotineStrength: strength,
          puffCount: null,
          barcode: null,
          priceCents: 499,
          stock: 20 + (f % 30) + stockDelta,
          trackStock: true,
          images: [],
          mhraEcid: null,
          ...UNSAID,
        });
  return catalogCsv(rows);
}

type Timing = { dryRun: number; firstImport: number; again: number; stockChanges: number };

async function timeOne(databaseUrl: string, files: { first: string; changed: string }): Promise<Timing> {
  const db = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
    const run = async (content: string, dryRun: boolean) => {
      const started = performance.now();
      const answer = await importCatalogue(db, staff, content, { dryRun, appUrl: "https://shop.test" });
      if (!answer.ok) throw new Error(JSON.stringify(answer.problems.slice(0, 3)));
      return Math.round(performance.now() - started);
    };
    return {
      dryRun: await run(files.first, true),
      firstImport: await run(files.first, false),
      again: await run(files.first, false),
      stockChanges: await run(files.changed, false),
    };
  } finally {
    await db.destroy();
  }
}

const range = (values: number[]) =>
  `${(Math.min(...values) / 1000).toFixed(1)}–${(Math.max(...values) / 1000).toFixed(1)} s`;

export async function measureImport(): Promise<void> {
  const files = { first: importFile(VARIANTS), changed: importFile(VARIANTS, 1) };
  console.log(
    `\nCatalogue import: ${VARIANTS.toLocaleString("en-GB")} variants, ${(files.first.length / 1024 / 1024).toFixed(1)} MB, ${ROUNDS} rounds on fresh databases`,
  );
  for (const database of ["SQLite", "PostgreSQL"] as const) {
    const timings: Timing[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      if (database === "SQLite") {
        const dir = mkdtempSync(join(tmpdir(), "shop-import-"));
        try {
          timings.push(await timeOne(`file:${dir}/shop.db`, files));
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      } else {
        const pg = await freshPostgres(`import${round}`);
        if (!pg) {
          console.log("PostgreSQL: no server answers at BENCH_PG_URL; skipped");
          break;
        }
        try {
          timings.push(await timeOne(pg.url, files));
        } finally {
          await pg.drop();
        }
      }
    }
    if (timings.length === 0) continue;
    const worst = Math.max(...timings.map((t) => t.firstImport));
    console.log(
      `${database}: dry run ${range(timings.map((t) => t.dryRun))}, import ${range(timings.map((t) => t.firstImport))}, ` +
        `the same file again ${range(timings.map((t) => t.again))}, every stock changed ${range(timings.map((t) => t.stockChanges))}` +
        ` — target under 60 s: ${worst < 60_000 ? "met" : "NOT met"}`,
    );
  }
}
