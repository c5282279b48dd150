import type { Insertable } from "kysely";
import type { Db } from "~/db/database.server";
import type { ReviewsTable } from "~/db/schema";

export const findAllReviews = (db: Db) => db.selectFrom("reviews").selectAll().orderBy("position").execute();

export async function nextReviewPosition(db: Db): Promise<number> {
  const row = await db
    .selectFrom("reviews")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .executeTakeFirst();
  return row?.last == null ? 0 : Number(row.last) + 1;
}

export const insertReview = (db: Db, row: Insertable<ReviewsTable>) => db.insertInto("reviews").values(row).execute();

/** Adds several reviews at once (the demo content's testimonials: docs/decisions/026). */
export async function insertReviews(db: Db, rows: Insertable<ReviewsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto("reviews").values(rows).execute();
}

/** Publishes or hides one review; false when there is no such review. */
export async function updateReviewPublished(db: Db, id: string, published: boolean): Promise<boolean> {
  const result = await db
    .updateTable("reviews")
    .set({ published: published ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
