import type { Db } from "~/db/database.server";
import { toJsonText } from "~/db/json-text";
import type { StoredFigure, Offer } from "./about";

const ID = "about";

export const findAboutRow = (db: Db) => db.selectFrom("about_page").selectAll().where("id", "=", ID).executeTakeFirst();

/** Writes the About page's one row (insert or replace). */
export async function saveAboutRow(
  db: Db,
  row: {
    story: string | null;
    offers: Offer[] | null;
    figures: StoredFigure[];
    demo: boolean;
    updatedBy: string | null;
    updatedAt: string;
  },
) {
  const values = {
    story: row.story,
    offers: row.offers ? toJsonText(row.offers) : null,
    figures: toJsonText(row.figures),
    demo: row.demo ? 1 : 0,
    updated_by: row.updatedBy,
    updated_at: row.updatedAt,
  } as const;
  await db
    .insertInto("about_page")
    .values({ id: ID, ...values })
    .onConflict((oc) => oc.column("id").doUpdateSet(values))
    .execute();
}
