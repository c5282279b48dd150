// A large catalogue for the benchmark (`BENCH_ONLY=catalogue npm run bench`): devices and flavours added to a
// database the server has already migrated (and seeded), until devices + flavours reach `items`. Names, descriptions,
// prices, stock and images vary like a real shop's (some archived, some out of stock, some accented names); the
// same `seed` always gives the same catalogue, apart from the ids.
import { PostgresAdapter, sql, type Insertable } from "kysely";
import type { VariantsTable } from "~/db/schema";
import { deviceCombinations, flavourCombinations, madeSku, type VariantOptions } from "~/modules/catalog/variants";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { makeDevice, makeFlavour, random } from "./catalogue-items";

export type LargeCatalogueOptions = {
  /** Devices + flavours in the catalogue afterwards, the demo's included (archived ones count too). */
  items: number;
  /** About this many flavours per new device (each gets 0.5–1.5 times it). */
  flavoursPerDevice?: number;
  /** Share of new devices and flavours that are archived (hidden from the shop). */
  archivedShare?: number;
  seed?: number;
};

export type LargeCatalogueSummary = {
  addedDevices: number;
  addedFlavours: number;
  /** Devices and flavours in the catalogue, and those shown (not archived, and for a flavour its device neither). */
  devices: { total: number; visible: number };
  flavours: { total: number; visible: number };
  /** The shown device with the most shown flavours, for `/flavours?device=`. */
  largestDevice: { slug: string; visibleFlavours: number };
  ms: number;
};

/** Rows per INSERT: well under PostgreSQL's 65,535 and SQLite's 32,766 bound parameters. */
const BATCH = 500;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function buildLargeCatalogue(db: Db, options: LargeCatalogueOptions): Promise<LargeCatalogueSummary> {
  const started = performance.now();
  const { items, flavoursPerDevice = 100, archivedShare = 0.03, seed = 14 } = options;
  const r = random(seed);
  const now = Date.now();
  const existing = await db.selectFrom("devices").select(["slug", "name", "position"]).execute();
  const existingFlavours = await db.selectFrom("flavours").select("slug").execute();
  const slugs = new Set([...existing.map((d) => d.slug), ...existingFlavours.map((f) => f.slug)]);
  const deviceNames = new Set(existing.map((d) => d.name));

  // One device for about every `flavoursPerDevice` flavours; the demo's devices keep their own flavours.
  const wantedDevices = Math.max(existing.length, Math.ceil(items / (flavoursPerDevice + 1)));
  const newDeviceCount = Math.max(
    0,
    Math.min(wantedDevices - existing.length, items - existing.length - existingFlavours.length),
  );
  const newFlavourCount = Math.max(0, items - existing.length - existingFlavours.length - newDeviceCount);
  if (newFlavourCount > 0 && newDeviceCount === 0)
    throw new Error("no new device to carry the new flavours: raise items");

  let position = Math.max(-1, ...existing.map((d) => d.position)) + 1;
  const devices = Array.from({ length: newDeviceCount }, () =>
    makeDevice(r, slugs, deviceNames, position++, archivedShare, now),
  );
  // Each device gets 0.5–1.5 times the average, so device pages differ in size; the last takes what is left.
  const weights = devices.map(() => 0.5 + r.next());
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let left = newFlavourCount;
  const flavours = devices.flatMap((device, i) => {
    const count =
      i === devices.length - 1 ? left : Math.min(left, Math.round((weights[i]! / weightSum) * newFlavourCount));
    left -= count;
    const names = new Set<string>();
    return Array.from({ length: count }, () => makeFlavour(r, slugs, names, device, archivedShare, now));
  });

  // Stock is kept per variant (docs/decisions/043): each item's listed combinations get its stock, SKUs from its slug.
  const variants: Array<Insertable<VariantsTable>> = [];
  const stamp = new Date(now).toISOString();
  const addVariants = (
    kind: "device" | "flavour",
    item: { id: string; slug: string; stock_quantity: number; track_stock: number },
    combinations: VariantOptions[],
  ) =>
    combinations.forEach((c, position) =>
      variants.push({
        id: newId(),
        kind,
        item_id: item.id,
        sku: madeSku(item.slug, c),
        barcode: null,
        flavour: c.flavour,
        nicotine_strength: c.nicotineStrength,
        puff_count: c.puffCount,
        price_cents: null,
        stock_quantity: item.stock_quantity,
        track_stock: item.track_stock,
        position,
        archived: 0,
        created_at: stamp,
        updated_at: stamp,
      }),
    );
  const itemRow = <T extends { stock_quantity: number; track_stock: number }>(row: T) => {
    const { stock_quantity: _units, track_stock: _tracked, ...rest } = row;
    return rest;
  };
  for (const d of devices)
    addVariants(
      "device",
      d,
      deviceCombinations({
        flavours: JSON.parse(d.flavours) as string[],
        nicotineStrengths: JSON.parse(d.nicotine_strengths) as number[],
        puffCounts: JSON.parse(d.puff_counts ?? "[]") as number[],
      }),
    );
  for (const f of flavours) addVariants("flavour", f, flavourCombinations(JSON.parse(f.sizes) as number[]));

  await db.transaction().execute(async (trx) => {
    await insertInBatches(devices.map(itemRow), (batch) => trx.insertInto("devices").values(batch).execute());
    await insertInBatches(flavours.map(itemRow), (batch) => trx.insertInto("flavours").values(batch).execute());
    await insertInBatches(variants, (batch) => trx.insertInto("variants").values(batch).execute());
    await bumpStorefrontVersion(trx); // every server copy drops its cached pages
  });
  // A running PostgreSQL vacuums and analyses a table after this many inserts within a minute (autovacuum: statistics,
  // and the visibility map that lets the listings' index-only scans skip the table); do it now, so the benchmark meets
  // the plans a live shop has. SQLite keeps no statistics unless told to, and the shop does not.
  if (db.getExecutor().adapter instanceof PostgresAdapter)
    await sql`vacuum (analyze) devices, flavours, variants, catalog_items`.execute(db);
  return {
    addedDevices: devices.length,
    addedFlavours: flavours.length,
    ...(await summarise(db)),
    ms: Math.round(performance.now() - started),
  };
}

async function summarise(db: Db) {
  const count = async (table: "devices" | "flavours") => {
    const rows = await db
      .selectFrom(table)
      .select(["archived", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("archived")
      .execute();
    const total = rows.reduce((n, row) => n + Number(row.n), 0);
    return { total, visible: Number(rows.find((row) => Number(row.archived) === 0)?.n ?? 0) };
  };
  const devices = await count("devices");
  const perDevice = await db
    .selectFrom("flavours as f")
    .innerJoin("devices as p", "p.id", "f.device_id")
    .where("f.archived", "=", 0)
    .where("p.archived", "=", 0)
    .select(["p.slug", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("p.slug")
    .execute();
  const visibleFlavours = perDevice.reduce((n, row) => n + Number(row.n), 0);
  const largest = perDevice
    .map((row) => ({ slug: row.slug, visibleFlavours: Number(row.n) }))
    .sort((a, b) => b.visibleFlavours - a.visibleFlavours)[0];
  const flavours = await count("flavours");
  return {
    devices,
    flavours: { total: flavours.total, visible: visibleFlavours },
    largestDevice: largest ?? { slug: "", visibleFlavours: 0 },
  };
}
