// The items of the benchmark's large catalogue (bench/catalogue-generator.ts): a seeded random source, and one
// device or flavour made from the words of bench/catalogue-words.ts, with its price, stock, images and dates.
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

/** mulberry32: a small seeded generator, so the catalogue is the same on every run and database. */
export function random(seed: number) {
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
export type Random = ReturnType<typeof random>;

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

export function makeDevice(
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
export type DeviceRow = ReturnType<typeof makeDevice>;

export function makeFlavour(
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
