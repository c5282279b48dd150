export type PostCard = {
  slug: string;
  title: string;
  excerpt: string;
  coverImage: string;
  author: string;
  publishedAt: string;
};
export type Post = PostCard & { html: string };

/** Posts per 'view more' step on /blog (docs/product/specification.md §2 shows five cards). */
export const POSTS_PER_PAGE = 5;
