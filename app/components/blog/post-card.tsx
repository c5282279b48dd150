import { Link } from "react-router";
import { formatPostDate, type PostCard as PostCardData } from "~/modules/content/blog";

/** A post as a card: cover, date, title (the link), excerpt. */
export function PostCard({ post, href = `/blog/${post.slug}` }: { post: PostCardData; href?: string }) {
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white">
      <img src={post.coverImage} alt="" width={1200} height={675} loading="lazy" className="aspect-video w-full object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <p className="text-xs text-slate-500"><time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time> · {post.author}</p>
        <h3 className="mt-2 text-lg font-bold">
          <Link to={href} className="after:absolute after:inset-0 hover:underline">{post.title}</Link>
        </h3>
        <p className="mt-2 text-sm text-slate-600">{post.excerpt}</p>
      </div>
    </article>
  );
}
