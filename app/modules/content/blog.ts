export type PostCard = { slug: string; title: string; excerpt: string; coverImage: string; author: string; publishedAt: string };
export type Post = PostCard & { html: string };

/** Posts per 'view more' step on /blog (the spec shows five cards). */
export const POSTS_PER_PAGE = 5;

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/London" });

/** "5 November 2026" */
export function formatPostDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
