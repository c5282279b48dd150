// A large catalogue for the benchmark (`BENCH_ONLY=catalogue npm run bench`): devices and flavours added to a
// database the server has already migrated (and seeded), until devices + flavours reach `items`. Names, descriptions,
// prices, stock and images vary like a real shop's (some archived, some out of stock, some accented names); the
// same `seed` always gives the same catalogue, apart from the ids.
import { PostgresAdapter, sql, type Insertable } from "kysely";
import type { VariantsTable } from "~/db/schema";
import { deviceCombinations, flavourCombinations, madeSku, type VariantOptions } from "~/modules/catalog/variants";
import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { demoDevices } from "~/demo/data/devices";
import { demoFlavours } from "~/demo/data/flavours";
import { newId } from "~/lib/ids.server";
import { slugify } from "~/lib/slug";
import {
  brands,
  descriptionTails,
  deviceFeatures,
  deviceSentences,
  finishes,
  modelSuffixes,
  models,
  puffRatings,
  tastes,
} from "./catalogue-words";

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

/** mulberry32: a small seeded generator, so the catalogue is the same on every run and database. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const some = <T>(list: readonly T[], min: number, max: number): T[] => {
    const pool = [...list];
    const count = Math.min(pool.length, int(min, max));
    return Array.from({ length: count }, () => pool.splice(Math.floor(next() * pool.length), 1)[0]!);
  };
  return { next, int, pick, some, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof random>;

/** Most items well stocked, some low, some sold out, a few made to order (not tracked), like the demo. */
function stock(r: Random) {
  const roll = r.next();
  if (roll < 0.07) return { stock_quantity: 0, track_stock: 1 };
  if (roll < 0.15) return { stock_quantity: r.int(1, 4), track_stock: 1 };
  if (roll < 0.2) return { stock_quantity: 0, track_stock: 0 };
  return { stock_quantity: r.int(12, 120), track_stock: 1 };
}

const deviceImages = [...new Set(demoDevices.flatMap((d) => d.images))];
const flavourImages = [...new Set(demoFlavours.flatMap((f) => f.images))];
const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Some time in the last two years, so created/updated dates differ as in a shop that grew. */
const pastDate = (r: Random, now: number) =>
  new Date(now - r.int(0, 730) * 86_400_000 - r.int(0, 86_399_999)).toISOString();

function uniqueSlug(taken: Set<string>, base: string): string {
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function makeDevice(
  r: Random,
  slugs: Set<string>,
  names: Set<string>,
  position: number,
  archivedShare: number,
  now: number,
) {
  let name = "";
  let puffs = 0;
  for (let tries = 0; !name || names.has(name); tries++) {
    const suffix = r.pick(modelSuffixes);
    puffs = r.pick(puffRatings);
    const rating = puffs >= 10_000 && r.chance(0.6) ? `${puffs / 1000}K` : String(puffs);
    name = `${r.pick(brands)} ${r.pick(models)}${suffix ? ` ${suffix}` : ""} ${rating}${tries > 20 ? ` ${tries}` : ""}`;
  }
  names.add(name);
  const strengths = r.pick([[0, 10, 20], [10, 20], [20], [0, 5, 10, 20], [5, 10, 20]]);
  const podMl = r.pick([2, 2, 2, 1.8, 1.5]);
  // The rating in the name is the largest pack; some devices also come in a smaller one.
  const smaller = puffRatings.filter((p) => p < puffs);
  const puffCounts = smaller.length && r.chance(0.4) ? [r.pick(smaller), puffs] : [puffs];
  const flavours = r.some(tastes, 4, 8).map((t) => t.name);
  const created = pastDate(r, now);
  return {
    id: newId(),
    slug: uniqueSlug(slugs, slugify(name)),
    name,
    description: `A rechargeable pod kit with ${podMl} ml pods at up to ${Math.max(...strengths)} mg/ml. ${r.some(deviceSentences, 1, 2).join(" ")}`,
    images: JSON.stringify(r.some(deviceImages, 1, 3)),
    price_cents: r.int(8, 45) * 100 - 1,
    original_price_cents: r.chance(0.4) ? r.int(46, 60) * 100 - 1 : null,
    flavours: JSON.stringify(flavours),
    nicotine_strengths: JSON.stringify(strengths),
    puff_counts: JSON.stringify(puffCounts),
    features: JSON.stringify(r.some(deviceFeatures, 3, 6)),
    details_description: `The ${name} is made for ${r.pick(["all-day vaping", "first-time switchers", "flavour chasers", "a pocket or a bag"])}. ${r.some(deviceSentences, 3, 5).join(" ")}`,
    specifications: JSON.stringify([
      { name: "Battery", value: `${r.pick([500, 650, 850, 1000, 1200])} mAh, rechargeable` },
      { name: "Pod capacity", value: `${podMl} ml` },
      { name: "Nicotine", value: `${strengths.join(", ")} mg/ml nicotine salt` },
      { name: "Puffs", value: `Up to ${puffCounts.at(-1)!.toLocaleString("en-GB")} (lab rated)` },
    ]),
    ...stock(r),
    nicotine_mg_ml: Math.max(...strengths),
    pod_ml: podMl,
    rechargeable: 1,
    featured: r.chance(0.15) ? 1 : 0,
    position,
    archived: r.chance(archivedShare) ? 1 : 0,
    created_at: created,
    updated_at: created,
  };
}
type DeviceRow = ReturnType<typeof makeDevice>;

function makeFlavour(
  r: Random,
  slugs: Set<string>,
  names: Set<string>,
  device: DeviceRow,
  archivedShare: number,
  now: number,
) {
  let parts: { name: string; phrase: string }[] = [];
  let name = "";
  for (let tries = 0; !name || names.has(name); tries++) {
    const first = r.pick(tastes);
    const second = r.chance(0.25) ? r.pick(tastes.filter((t) => t !== first)) : null;
    const finish = r.pick(finishes);
    parts = [first, ...(second ? [second] : []), finish];
    name =
      parts
        .map((p) => p.name)
        .filter(Boolean)
        .join(" ") + (tries > 20 ? ` No. ${tries}` : "");
  }
  names.add(name);
  const bottle = r.chance(0.2);
  const sizes = r.pick([[0, 10, 20], [10, 20], [20], [5, 10, 20], [0, 5, 10, 20], [10]]);
  const [first, ...rest] = parts;
  const finish = rest.pop()!;
  const taste = [first!.phrase, ...rest.map((p) => `and ${p.phrase}`)].join(" ");
  const format = bottle
    ? "a 10 ml nicotine-salt refill"
    : `a ${device.pod_ml} ml pre-filled pod for the ${device.name}`;
  const description = `${sentence(taste)}${finish.phrase ? ` ${finish.phrase}` : ""}, in ${format}. ${r.pick(descriptionTails)}`;
  const created = pastDate(r, now);
  return {
    id: newId(),
    slug: uniqueSlug(slugs, `${slugify(name)}-${device.slug}`),
    name,
    description,
    images: JSON.stringify(r.some(flavourImages, 1, 2)),
    price_cents: r.int(7, 18) * 50 - 1,
    sizes: JSON.stringify(sizes),
    device_id: device.id,
    ...stock(r),
    nicotine_mg_ml: Math.max(...sizes),
    pod_ml: bottle ? null : device.pod_ml,
    bottle_ml: bottle ? 10 : null,
    archived: r.chance(archivedShare) ? 1 : 0,
    created_at: created,
    updated_at: created,
  };
}

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
