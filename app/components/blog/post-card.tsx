import { Link } from "~/components/ui/link";
import { BLOG_CARD_SIZES } from "~/components/ui/image-sizes";
import { Picture } from "~/components/ui/picture";
import { formatLongDate } from "~/lib/shop-time";
import type { PostCard as PostCardData } from "~/modules/content/blog";

/**
 * A post as a card: cover, date, title (the link), excerpt. `sizes`: the cover's width in the caller's grid. A post
 * without a cover (it is optional) gets a plain panel with the shop's logo in its place, so the cards stay in line.
 */
export function PostCard({
  post,
  href = `/blog/${post.slug}`,
  sizes = BLOG_CARD_SIZES,
  level = 3,
}: {
  post: PostCardData;
  href?: string;
  sizes?: string;
  level?: 2 | 3;
}) {
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white">
      {post.coverImage ? (
        <Picture
          src={post.coverImage}
          alt=""
          width={1200}
          height={675}
          sizes={sizes}
          loading="lazy"
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-brand-50">
          <img src="/images/logo.svg" alt="" width="64" height="64" loading="lazy" />
        </div>
      )}
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs text-slate-500">
          <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · {post.author}
        </p>
        <Heading className="mt-2 text-lg font-bold">
          <Link to={href} className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 text-sm text-slate-600">{post.excerpt}</p>
      </div>
    </article>
  );
}
