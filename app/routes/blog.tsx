import { Link } from "~/components/ui/link";
import { PostCard } from "~/components/blog/post-card";
import { pageMeta } from "~/lib/meta";
import { listBlogPage } from "~/modules/content/blog.service.server";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    "Vape Culture, Trends & Tips",
    "Guides on devices, nicotine strengths, flavours, recycling and the UK rules.",
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  return listBlogPage(context.db, new URL(request.url).searchParams.get("page"));
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, hasMore } = loaderData;
  return (
    <div className="container-page py-10">
      <h1 className="text-3xl font-extrabold">Vape Culture, Trends & Tips</h1>
      {posts.length === 0 ? (
        <p className="mt-8 rounded-xl bg-slate-50 p-6 text-slate-600">No posts yet. Please come back soon.</p>
      ) : (
        <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <PostCard key={post.slug} post={post} level={2} />
          ))}
        </div>
      )}
      {hasMore && (
        <div className="mt-10 text-center">
          <Link to={`/blog?page=${page + 1}`} preventScrollReset className="btn-outline">
            view more
          </Link>
        </div>
      )}
    </div>
  );
}
