import { bumpStorefrontVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import { newId } from "~/lib/ids.server";
import { insertDevice, insertFlavour } from "~/modules/admin/catalog/catalog-admin.repository.server";
import { insertPost } from "~/modules/admin/posts/posts-admin.repository.server";
import { countDevices, insertReviews } from "~/modules/catalog/catalog.repository.server";
import { findAboutRow, saveAboutRow } from "~/modules/content/about.repository.server";
import { insertPriceChange } from "~/modules/catalog/price-history.repository.server";
import { countPosts } from "~/modules/content/blog.repository.server";
import { demoAbout } from "./data/about";
import { demoDevices } from "./data/devices";
import { demoFlavours } from "./data/flavours";
import { demoPosts } from "./data/posts";
import { demoReviews } from "./data/reviews";

// The demo shop's content, loaded into a database that has none (docs/decisions/026): by `npm start` unless
// DEMO_CONTENT=off, by `npm run db:seed` and `npm run db:reset`, and by the service tests that ask for it. It writes
// through the back office's and the catalogue's repositories, like a member of staff adding each item.

/** What `seedDemoContent` may load, in the words its callers print. */
export type DemoPart = "catalogue" | "blog";

/**
 * Believable starting stock for the demo shop, so every state can be seen: most items have plenty (between 12 and
 * 70, varied), the few marked low have 2 to 4, and the ones marked out have none.
 */
export function demoStock(status: "in_stock" | "low_stock" | "out_of_stock", index: number) {
  const quantity = status === "out_of_stock" ? 0 : status === "low_stock" ? 2 + (index % 3) : 12 + ((index * 37) % 59);
  return { stock_quantity: quantity, track_stock: 1 };
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
        ...demoStock(d.stockStatus, position),
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
    }
    const flavourRows = demoFlavours.map((f, index) => {
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
        ...demoStock(f.stockStatus, index),
        nicotine_mg_ml: f.nicotineMgMl,
        pod_ml: f.podMl,
        bottle_ml: f.bottleMl,
        mhra_ecid: mhraFor(f.nicotineMgMl),
        archived: 0,
        created_at: now,
        updated_at: now,
      };
    });
    for (const row of flavourRows) {
      await insertFlavour(trx, row);
      for (const change of demoPriceHistory("flavour", row.id, row.price_cents, null, loadedAt))
        await insertPriceChange(trx, change);
    }
    await insertReviews(
      trx,
      demoReviews.map((r, position) => ({ id: newId(), position, ...r })),
    );
    // The demo's About page, with the specification's figures: the demo content is how the shop knows it is the demo
    // (docs/decisions/037). A page staff saved already is kept.
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
