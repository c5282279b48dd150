import type { Insertable, Updateable } from "kysely";
import type { Db } from "~/db/database.server";
import type { VariantsTable } from "~/db/schema";
import type { ItemKind } from "~/db/values";

// Every query of variants as the catalogue reads and writes them (stock changes are the stock module's own).

/** The variants of these items, in their order; archived ones only when asked. */
export function findVariantsOf(db: Db, kind: ItemKind, itemIds: string[], options: { archived?: boolean } = {}) {
  if (itemIds.length === 0) return Promise.resolve([]);
  let query = db.selectFrom("variants").selectAll().where("kind", "=", kind).where("item_id", "in", itemIds);
  if (!options.archived) query = query.where("archived", "=", 0);
  return query.orderBy("item_id").orderBy("position").orderBy("id").execute();
}

export function findVariantsBySku(db: Db, skus: string[]) {
  if (skus.length === 0) return Promise.resolve([]);
  return db.selectFrom("variants").selectAll().where("sku", "in", skus).execute();
}

export function findVariantsByBarcode(db: Db, barcodes: string[]) {
  if (barcodes.length === 0) return Promise.resolve([]);
  return db.selectFrom("variants").selectAll().where("barcode", "in", barcodes).execute();
}

export async function insertVariants(db: Db, rows: Insertable<VariantsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto("variants")
      .values(rows.slice(i, i + 200))
      .execute();
}

export async function updateVariant(db: Db, id: string, changes: Updateable<VariantsTable>): Promise<boolean> {
  const result = await db.updateTable("variants").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function nextVariantPosition(db: Db, kind: ItemKind, itemId: string): Promise<number> {
  const row = await db
    .selectFrom("variants")
    .select((eb) => eb.fn.max("position").as("max"))
    .where("kind", "=", kind)
    .where("item_id", "=", itemId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}
