import { PostCard } from "~/components/blog/post-card";
import { BLOG_TEASER_SIZES } from "~/components/ui/image-sizes";
import type { PostCard as PostCardData } from "~/modules/content/blog";

/**
 * The three newest posts on the home page; the newest links to /blogdetail (docs/product/decisions.md, "Decided here":
 * blog).
 */
export function BlogTeaser({ posts }: { posts: PostCardData[] }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="blog-teaser-title" className="container-page py-12">
      <h2 id="blog-teaser-title" className="text-2xl font-bold">
        From the blog
      </h2>
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {posts.map((post, i) => (
          <PostCard key={post.slug} post={post} href={i === 0 ? "/blogdetail" : undefined} sizes={BLOG_TEASER_SIZES} />
        ))}
      </div>
    </section>
  );
}
