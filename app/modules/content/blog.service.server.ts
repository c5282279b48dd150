import { atContentVersion } from "~/db/content-version.server";
import type { Db } from "~/db/database.server";
import * as repo from "./blog.repository.server";
import { POSTS_PER_PAGE, type Post, type PostCard } from "./blog";
import { renderMarkdown } from "~/lib/markdown.server";

type CardRow = Awaited<ReturnType<typeof repo.findPublishedCards>>[number];
type PostRow = NonNullable<Awaited<ReturnType<typeof repo.findPublishedBySlug>>>;

const toCard = (r: CardRow): PostCard => ({
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  coverImage: r.cover_image,
  author: r.author,
  publishedAt: r.published_at,
});
const toPost = (r: PostRow): Post => ({ ...toCard(r), html: renderMarkdown(r.body_markdown) });
const now = () => new Date().toISOString();

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

async function askLatest(db: Db, count: number) {
  const at = now();
  const [rows, next] = await Promise.all([repo.findPublishedCards(db, at, count), repo.findNextPublication(db, at)]);
  return { posts: rows.map(toCard), until: next === null ? Infinity : Date.parse(next) };
}

/**
 * The `count` newest published posts, for the home page. With the storefront's content version (which every change
 * to a post moves), asked once per version, and again when a post scheduled for later goes live: the answer keeps the
 * time of the next one. Without a version (scripts, tests), asked every time.
 */
export async function listLatestPosts(db: Db, count = 3, version?: number): Promise<PostCard[]> {
  const latest = await atContentVersion(
    db,
    version,
    `latest posts ${count}`,
    () => askLatest(db, count),
    (answer) => answer.until,
  );
  return latest.posts;
}

/**
 * /blog shows the first `shown` posts and grows by POSTS_PER_PAGE with each 'view more' (?page=N).
 * Anything that is not a whole number is page 1; past the end shows them all.
 */
export async function listBlogPage(db: Db, rawPage: string | null) {
  const total = await repo.countPublished(db, now());
  const lastPage = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  const asked = rawPage && /^\d{1,4}$/.test(rawPage) ? Number(rawPage) : 1;
  const page = Math.min(Math.max(asked, 1), lastPage);
  const posts = (await repo.findPublishedCards(db, now(), page * POSTS_PER_PAGE)).map(toCard);
  return { posts, page, total, hasMore: posts.length < total };
}

export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  if (!SLUG.test(slug) || slug.length > 120) return null;
  const row = await repo.findPublishedBySlug(db, now(), slug);
  return row ? toPost(row) : null;
}

export async function getLatestPost(db: Db): Promise<Post | null> {
  const row = await repo.findLatestPublished(db, now());
  return row ? toPost(row) : null;
}
