import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { UploadsTable } from "~/db/schema";

// Every query of the uploaded images. Rows in, rows out: uploads.server.ts and image-backfill.server.ts use them.

export type Dimensions = { width: number; height: number; variantWidths: string };

export function findUpload(db: Db, fileName: string) {
  return db.selectFrom("uploads").select(["id", "variant_widths"]).where("file_name", "=", fileName).executeTakeFirst();
}

/** Records an upload once: the same image saved twice at the same moment keeps the first row. */
export async function insertUpload(db: Db, row: Insertable<UploadsTable>): Promise<void> {
  await db
    .insertInto("uploads")
    .values(row)
    .onConflict((c) => c.column("file_name").doNothing())
    .execute();
}

export async function recordVariants(db: Db, fileName: string, dimensions: Dimensions): Promise<void> {
  await db
    .updateTable("uploads")
    .set({ width: dimensions.width, height: dimensions.height, variant_widths: dimensions.variantWidths })
    .where("file_name", "=", fileName)
    .execute();
}

/** Uploads whose variants were never made, or made in other widths than `variantWidths`, oldest first. */
export function uploadsWithoutVariants(db: Db, variantWidths: string) {
  return db
    .selectFrom("uploads")
    .select("file_name")
    .where((eb) => eb.or([eb("variant_widths", "is", null), eb("variant_widths", "!=", variantWidths)]))
    .orderBy("created_at")
    .orderBy("file_name")
    .execute();
}
