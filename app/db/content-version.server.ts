import { sql } from "kysely";
import type { Db } from "./database.server";

/** What cached storefront pages depend on: the catalogue, reviews and (later) posts. */
const STOREFRONT = "storefront";

export async function readStorefrontVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom("content_versions")
    .select("version")
    .where("name", "=", STOREFRONT)
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Every write to shown content calls this (inside its transaction), so every server copy drops cached pages. */
export async function bumpStorefrontVersion(db: Db): Promise<void> {
  await db
    .updateTable("content_versions")
    .set({ version: sql`version + 1` })
    .where("name", "=", STOREFRONT)
    .execute();
}
