import { Link } from "~/components/ui/link";
import { POST_COVER_SIZES } from "~/components/ui/image-sizes";
import { Picture } from "~/components/ui/picture";
import { formatLongDate } from "~/lib/shop-time";
import type { Post } from "~/modules/content/blog";

/**
 * One post in full. Its HTML comes from the server's Markdown renderer, which lets no raw HTML through. A post
 * without a cover (it is optional) starts with its text.
 */
export function PostArticle({ post }: { post: Post }) {
  return (
    <article className="container-page max-w-3xl py-10">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-500">
        <Link to="/blog" className="hover:underline">
          Blog
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-extrabold sm:text-4xl">{post.title}</h1>
      <p className="mt-3 text-sm text-slate-600">
        <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time> · By {post.author}
      </p>
      {post.coverImage && (
        <Picture
          src={post.coverImage}
          alt={post.title}
          width={1200}
          height={675}
          sizes={POST_COVER_SIZES}
          fetchPriority="high"
          className="mt-6 aspect-video w-full rounded-2xl object-cover"
        />
      )}
      <div className="post-body mt-8" dangerouslySetInnerHTML={{ __html: post.html }} />
      <p className="mt-12">
        <Link to="/blog" className="btn-outline">
          More from the blog
        </Link>
      </p>
    </article>
  );
}
