import { sql, type Insertable, type Updateable } from "kysely";
import type { Db } from "~/db/database.server";
import type { PostsTable } from "~/db/schema";
import { likeMatch, likePattern } from "~/db/like.server";
import type { SortDirection } from "~/lib/listing";
import type { PostSort } from "./posts-admin";

// Every query of the back office's blog posts. Rows in, rows out: posts-admin.service.server.ts holds the rules.

const matching = (db: Db, q: string | null) => {
  const pattern = q ? likePattern(q) : null;
  return db.selectFrom("posts").$if(pattern !== null, (query) => query.where(likeMatch("title", pattern!)));
};

export async function countPosts(db: Db, q: string | null): Promise<number> {
  const counted = await matching(db, q)
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(counted.count);
}

/** One page of posts whose title matches, in the order asked for (newest first within it). */
export function findPostPage(
  db: Db,
  o: { q: string | null; sort: PostSort; dir: SortDirection; limit: number; offset: number },
) {
  let query = matching(db, o.q).select(["id", "title", "slug", "draft", "published_at", "updated_at"]);
  if (o.sort === "title") query = query.orderBy(sql`lower(title)`, o.dir);
  else if (o.sort === "status") query = query.orderBy("draft", o.dir === "asc" ? "desc" : "asc");
  else if (o.sort === "updated") query = query.orderBy("updated_at", o.dir);
  query = query.orderBy("published_at", o.sort === "published" ? o.dir : "desc").orderBy("id");
  return query.limit(o.limit).offset(o.offset).execute();
}

export function findPost(db: Db, id: string) {
  return db
    .selectFrom("posts")
    .select([
      "id",
      "title",
      "slug",
      "excerpt",
      "body_markdown",
      "cover_image",
      "author",
      "published_at",
      "draft",
      "updated_at",
    ])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** What a save needs to know of the post it changes. */
export function findPostCover(db: Db, id: string) {
  return db.selectFrom("posts").select(["id", "cover_image", "published_at"]).where("id", "=", id).executeTakeFirst();
}

/** The slugs that are `base` or `base-…`, other than the given post's. */
export async function slugsLike(db: Db, base: string, exceptId: string | null): Promise<Set<string>> {
  const rows = await db
    .selectFrom("posts")
    .select("slug")
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export async function slugInUse(db: Db, slug: string, exceptId: string | null): Promise<boolean> {
  const row = await db
    .selectFrom("posts")
    .select("id")
    .where("slug", "=", slug)
    .$if(exceptId !== null, (q) => q.where("id", "<>", exceptId!))
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertPost(db: Db, row: Insertable<PostsTable>): Promise<void> {
  await db.insertInto("posts").values(row).execute();
}

/** False when there is no such post. */
export async function updatePost(db: Db, id: string, changes: Updateable<PostsTable>): Promise<boolean> {
  const result = await db.updateTable("posts").set(changes).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
