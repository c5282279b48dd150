import { expect } from "@playwright/test";
import Database from "better-sqlite3";
import { variantName } from "../../../app/modules/catalog/variants";
import { E2E_DIR, E2E_PORT } from "./ports";

type Db = InstanceType<typeof Database>;

/** How the e2e server answers a page it keeps: "hit" from its copy, "miss" once it has seen a newer content version. */
const probe = async () =>
  (await fetch(`http://localhost:${E2E_PORT}/about`, { headers: { cookie: "age_verified=yes" } })).headers.get(
    "x-page-cache",
  );

/**
 * Set-up straight in the e2e server's database (what the journeys check happens through the pages), then drops cached
 * pages as every catalogue write does, and waits until the server has seen that.
 */
async function changeStock<T>(change: (db: Db) => T): Promise<T> {
  await expect.poll(probe, { timeout: 10_000 }).toBe("hit");
  const db = new Database(`${E2E_DIR}/shop.db`);
  let result: T;
  try {
    db.pragma("busy_timeout = 5000");
    result = change(db);
    db.prepare("update content_versions set version = version + 1").run();
  } finally {
    db.close();
  }
  // The shop reads the content version every CONTENT_VERSION_POLL_MS (100 in the journeys): once it has, the page it
  // kept is rendered again, and so is every page showing the stock.
  await expect.poll(probe, { timeout: 10_000 }).toBe("miss");
  return result;
}

/**
 * Sets the stock of every size (variant) of a flavour. The flavour is the device's first by name, or its last (one no
 * other journey buys or changes). Returns the flavour's id and name, its first size (the one its page opens on) and
 * that size's name as messages and orders give it ('Blue Razz Ice (10 mg)').
 */
export function setFlavourStock(
  deviceSlug: string,
  quantity: number,
  which: "first" | "last" = "first",
): Promise<{ id: string; name: string; size: number; sizeName: string }> {
  return changeStock((db) => {
    const flavour = db
      .prepare(
        `select f.id, f.name from flavours f join devices p on p.id = f.device_id where p.slug = ? and f.archived = 0 order by f.name ${which === "last" ? "desc" : "asc"} limit 1`,
      )
      .get(deviceSlug) as { id: string; name: string };
    db.prepare(
      "update variants set stock_quantity = ?, track_stock = 1 where kind = 'flavour' and item_id = ? and archived = 0",
    ).run(quantity, flavour.id);
    const { size } = db
      .prepare(
        "select nicotine_strength as size from variants where kind = 'flavour' and item_id = ? and archived = 0 order by position limit 1",
      )
      .get(flavour.id) as { size: number };
    return {
      ...flavour,
      size,
      sizeName: variantName(flavour.name, { flavour: "", nicotineStrength: size, puffCount: null }),
    };
  });
}

/** A variant's choices: a device's flavour, nicotine strength and puff count, or a flavour's size (strength) alone. */
export type VariantChoice = { flavour?: string; nicotineStrength: number; puffCount?: number | null };

/**
 * Changes one variant (of the device or flavour with this slug, the one with these choices): its stock (tracked), or
 * whether it is listed (staff stop selling a combination by archiving it). Returns the item's id and the variant's id
 * and SKU.
 */
export function setVariant(
  kind: "device" | "flavour",
  slug: string,
  choice: VariantChoice,
  change: { stock?: number; listed?: boolean },
): Promise<{ itemId: string; variantId: string; sku: string }> {
  return changeStock((db) => {
    const variant = db
      .prepare(
        `select v.item_id as itemId, v.id as variantId, v.sku from variants v
         join ${kind === "device" ? "devices" : "flavours"} i on i.id = v.item_id
         where v.kind = ? and i.slug = ? and v.flavour = ? and v.nicotine_strength = ? and v.puff_count is ?`,
      )
      .get(kind, slug, choice.flavour ?? "", choice.nicotineStrength, choice.puffCount ?? null) as
      { itemId: string; variantId: string; sku: string } | undefined;
    if (!variant) throw new Error(`no ${kind} ${slug} variant ${JSON.stringify(choice)}`);
    if (change.stock !== undefined)
      db.prepare("update variants set stock_quantity = ?, track_stock = 1 where id = ?").run(
        change.stock,
        variant.variantId,
      );
    if (change.listed !== undefined)
      db.prepare("update variants set archived = ? where id = ?").run(change.listed ? 0 : 1, variant.variantId);
    return variant;
  });
}
