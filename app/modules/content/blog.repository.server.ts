import type { Db } from "~/db/database.server";

// Published means: not a draft and its publication time has come.
const published = (db: Db, now: string) =>
  db.selectFrom("posts").where("draft", "=", 0).where("published_at", "<=", now);

const cardColumns = ["slug", "title", "excerpt", "cover_image", "author", "published_at"] as const;

export function findPublishedCards(db: Db, now: string, limit: number, offset = 0) {
  return published(db, now)
    .select(cardColumns)
    .orderBy("published_at", "desc")
    .orderBy("slug")
    .limit(limit)
    .offset(offset)
    .execute();
}

/** When the next post due to go live (not a draft, its time still to come) goes live, or null when none is. */
export async function findNextPublication(db: Db, now: string): Promise<string | null> {
  const row = await db
    .selectFrom("posts")
    .where("draft", "=", 0)
    .where("published_at", ">", now)
    .select((eb) => eb.fn.min("published_at").as("next"))
    .executeTakeFirst();
  return row?.next ?? null;
}

export async function countPublished(db: Db, now: string): Promise<number> {
  const row = await published(db, now)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findPublishedBySlug(db: Db, now: string, slug: string) {
  return published(db, now)
    .select([...cardColumns, "body_markdown"])
    .where("slug", "=", slug)
    .executeTakeFirst();
}

export function findLatestPublished(db: Db, now: string) {
  return published(db, now)
    .select([...cardColumns, "body_markdown"])
    .orderBy("published_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function countPosts(db: Db): Promise<number> {
  const row = await db
    .selectFrom("posts")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Every published post's slug and when it last changed (the sitemap). */
export function findPublishedDates(db: Db, now: string) {
  return published(db, now).select(["slug", "updated_at"]).orderBy("published_at", "desc").orderBy("slug").execute();
}
