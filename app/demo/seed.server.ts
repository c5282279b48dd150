import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { insertDevice, insertFlavour } from "~/modules/admin/catalog/catalog-admin.repository.server";
import { insertPost } from "~/modules/admin/posts/posts-admin.repository.server";
import { insertReviews } from "~/modules/admin/reviews/reviews-admin.repository.server";
import { countDevices } from "~/modules/catalog/catalog.repository.server";
import { findAboutRow, saveAboutRow } from "~/modules/content/about.repository.server";
import { insertPriceChange } from "~/modules/catalog/price-history.repository.server";
import { countPosts } from "~/modules/content/blog.repository.server";
import { deviceCombinations, flavourCombinations, type VariantOptions } from "~/modules/catalog/variants";
import { listItemVariants, syncVariants, type NewVariantsOf } from "~/modules/catalog/variants.service.server";
import { unitLiquidTenths } from "~/modules/compliance/vaping-duty";
import { updateVariant } from "~/modules/catalog/variants.repository.server";
import { recordStartingStock } from "~/modules/stock/stock.service.server";
import { demoAbout } from "./data/about";
import { demoDevices } from "./data/devices";
import { demoFlavours } from "./data/flavours";
import { demoPosts } from "./data/posts";
import { demoReviews } from "./data/reviews";
import type { SeedFlavour } from "./data/types";

// The demo shop's content, loaded into a database that has none (docs/decisions/026): by `npm start` unless
// DEMO_CONTENT=off, by `npm run db:seed` and `npm run db:reset`, and by the service tests that ask for it. It writes
// through the back office's and the catalogue's repositories, like a member of staff adding each item.

/** What `seedDemoContent` may load, in the words its callers print. */
export type DemoPart = "catalogue" | "blog";

/**
 * Believable starting stock for a demo variant (the `variant`-th of the `index`-th item), so every state can be seen:
 * most have plenty (between 12 and 70, varied); an item marked low has its first variant at 2 to 4, one marked out
 * has none of any; and every fifth item in stock with more than one variant has its last one sold out, so a shopper
 * sees, say, 20 mg out of stock while 10 mg sells.
 */
export function demoStock(
  status: "in_stock" | "low_stock" | "out_of_stock",
  index: number,
  variant = 0,
  variants = 1,
): number {
  if (status === "out_of_stock") return 0;
  if (status === "low_stock" && variant === 0) return 2 + (index % 3);
  if (status === "in_stock" && variants > 1 && variant === variants - 1 && index % 5 === 3) return 0;
  return 12 + ((index * 37 + variant * 11) % 59);
}

/** A demo item's variants: every combination it lists, each with its demo stock. */
async function seedVariants(
  trx: Db,
  item: NewVariantsOf,
  combinations: VariantOptions[],
  status: "in_stock" | "low_stock" | "out_of_stock",
  index: number,
  stamp: string,
) {
  await syncVariants(trx, item, { before: [], after: combinations }, stamp);
  const variants = await listItemVariants(trx, item.kind, item.id, 0);
  for (const [j, v] of variants.entries()) {
    const units = demoStock(status, index, j, variants.length);
    await updateVariant(trx, v.id, { stock_quantity: units });
    await recordStartingStock(
      trx,
      { id: null, name: "Demo" },
      { ...item, itemId: item.id, variantId: v.id },
      units,
      stamp,
    );
  }
}

/**
 * The liquid in one unit of a demo flavour, for its duty record: a 10 ml bottle, or its pods (2 ml each) times the pods
 * in the pack. The demo devices keep none (staff may add a pre-filled device's on the variant grid).
 */
export function demoLiquidTenths(f: SeedFlavour): number | null {
  const unit = unitLiquidTenths(f);
  return unit === null || f.bottleMl !== null ? unit : unit * (f.podsPerUnit ?? 1);
}

/**
 * The demo items' MHRA notification numbers: fictional (submitter 00000, which the MHRA never gives), one per item
 * with nicotine, so the demo shows where the number goes and its items may be saved as published.
 */
export const demoMhraNumber = (n: number) => `00000-25-${String(n).padStart(5, "0")}`;

const DAY_MS = 86_400_000;

/**
 * The demo's price history: an item with an original price sold at it from 70 days before the demo was loaded until
 * 14 days before (so the 'was' price rule holds for some weeks after loading); every other price from loading.
 */
function demoPriceHistory(
  kind: "device" | "flavour",
  id: string,
  priceCents: number,
  originalCents: number | null,
  now: Date,
) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS).toISOString();
  const rows = originalCents === null ? [] : [{ price_cents: originalCents, changed_at: at(70) }];
  rows.push({ price_cents: priceCents, changed_at: at(originalCents === null ? 0 : 14) });
  return rows.map((r) => ({ id: newId(), kind, item_id: id, changed_by: null, ...r }));
}

/** Loads the demo catalogue into an empty database; a database with devices is left alone. */
export async function seedDemoCatalogueIfEmpty(db: Db): Promise<boolean> {
  if ((await countDevices(db)) > 0) return false;
  const loadedAt = new Date();
  const now = loadedAt.toISOString();
  let mhra = 0;
  const mhraFor = (nicotineMgMl: number) => (nicotineMgMl > 0 ? demoMhraNumber(++mhra) : null);
  await db.transaction().execute(async (trx) => {
    const deviceIds = new Map<string, string>();
    for (const [position, d] of demoDevices.entries()) {
      const id = newId();
      deviceIds.set(d.slug, id);
      await insertDevice(trx, {
        id,
        slug: d.slug,
        name: d.name,
        description: d.description,
        images: JSON.stringify(d.images),
        price_cents: d.priceCents,
        original_price_cents: d.originalPriceCents,
        flavours: JSON.stringify(d.flavours),
        nicotine_strengths: JSON.stringify(d.nicotineStrengths),
        puff_counts: JSON.stringify(d.puffCounts),
        features: JSON.stringify(d.features),
        details_description: d.detailsDescription,
        specifications: JSON.stringify(d.specifications),
        nicotine_mg_ml: d.nicotineMgMl,
        pod_ml: d.podMl,
        rechargeable: d.rechargeable ? 1 : 0,
        refill: "pods",
        mhra_ecid: mhraFor(d.nicotineMgMl),
        featured: 1,
        position,
        archived: 0,
        created_at: now,
        updated_at: now,
      });
      for (const row of demoPriceHistory("device", id, d.priceCents, d.originalPriceCents, loadedAt))
        await insertPriceChange(trx, row);
      await seedVariants(
        trx,
        { kind: "device", id, slug: d.slug },
        deviceCombinations(d),
        d.stockStatus,
        position,
        now,
      );
    }
    const flavourRows = demoFlavours.map((f) => {
      const deviceId = deviceIds.get(f.deviceSlug);
      if (!deviceId) throw new Error(`Demo flavour ${f.slug} names an unknown device ${f.deviceSlug}`);
      return {
        id: newId(),
        slug: f.slug,
        name: f.name,
        description: f.description,
        images: JSON.stringify(f.images),
        price_cents: f.priceCents,
        sizes: JSON.stringify(f.sizes),
        device_id: deviceId,
        nicotine_mg_ml: f.nicotineMgMl,
        pod_ml: f.podMl,
        bottle_ml: f.bottleMl,
        mhra_ecid: mhraFor(f.nicotineMgMl),
        archived: 0,
        created_at: now,
        updated_at: now,
      };
    });
    for (const [index, row] of flavourRows.entries()) {
      await insertFlavour(trx, row);
      const f = demoFlavours[index]!;
      await seedVariants(
        trx,
        { kind: "flavour", id: row.id, slug: row.slug, liquidTenths: demoLiquidTenths(f) },
        flavourCombinations(f.sizes),
        f.stockStatus,
        index,
        now,
      );
      for (const change of demoPriceHistory("flavour", row.id, row.price_cents, null, loadedAt))
        await insertPriceChange(trx, change);
    }
    await insertReviews(
      trx,
      demoReviews.map((r, position) => ({ id: newId(), position, ...r })),
    );
    // The demo's About page, its story and figures counted from the shop: the demo content is how the shop knows it
    // is the demo (docs/decisions/037). A page staff saved already is kept.
    if (!(await findAboutRow(trx))) {
      await saveAboutRow(trx, { ...demoAbout, offers: null, demo: true, updatedBy: null, updatedAt: now });
    }
    await bumpStorefrontVersion(trx);
  });
  return true;
}

/** Loads the demo blog into a database without posts (separately, so shops made before the blog get it too). */
export async function seedDemoPostsIfEmpty(db: Db): Promise<boolean> {
  if ((await countPosts(db)) > 0) return false;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    for (const p of demoPosts) {
      await insertPost(trx, {
        id: newId(),
        slug: p.slug,
        title: p.title,
        excerpt: p.excerpt,
        body_markdown: p.bodyMarkdown,
        cover_image: p.coverImage,
        author: p.author,
        published_at: p.publishedAt,
        draft: p.draft ? 1 : 0,
        created_at: now,
        updated_at: now,
      });
    }
    await bumpStorefrontVersion(trx);
  });
  return true;
}

/** Everything the demo shop starts with; answers the parts it loaded (none when the database had its own). */
export async function seedDemoContent(db: Db): Promise<DemoPart[]> {
  const loaded: DemoPart[] = [];
  if (await seedDemoCatalogueIfEmpty(db)) loaded.push("catalogue");
  if (await seedDemoPostsIfEmpty(db)) loaded.push("blog");
  return loaded;
}

const drafts = demoPosts.filter((p) => p.draft).length;
const partNames: Record<DemoPart, string> = {
  catalogue: `the demo catalogue (${demoDevices.length} devices, ${demoFlavours.length} flavours, ${demoReviews.length} reviews)`,
  blog: `the demo blog (${demoPosts.length} posts, ${drafts} of them ${drafts === 1 ? "a draft" : "drafts"})`,
};

/** What a part `seedDemoContent` answered holds, in words, for the scripts to print. */
export const describeDemoPart = (part: string): string => partNames[part as DemoPart] ?? part;
