import { data } from "react-router";
import { Link } from "~/components/ui/link";
import { formatDate, formatDateTime } from "~/lib/shop-time";
import { AdminTable, ListCount, ListSearch, SortHeader } from "~/components/admin/list-controls";
import { Pagination } from "~/components/ui/pagination";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { listParams } from "~/lib/listing";
import { POST_SORTS } from "~/modules/admin/posts/posts-admin";
import { listPosts } from "~/modules/admin/posts/posts-admin.service.server";
import type { Route } from "./+types/posts";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "Blog posts", "The shop's blog posts: drafts and published.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const params = listParams(new URL(request.url), POST_SORTS, "published", "desc");
  const list = await listPosts(context.db, staff, params);
  return data({ ...list, q: params.q, sort: params.sort, dir: params.dir, now: new Date().toISOString() });
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const { posts, q, sort, dir, total, page, totalPages, offset, now } = loaderData;
  const th = (column: (typeof POST_SORTS)[number], label: string) => (
    <SortHeader column={column} label={label} sort={sort} dir={dir} />
  );
  return (
    <section aria-labelledby="posts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="posts-title" className="text-2xl font-extrabold">
          Blog posts
        </h1>
        <Link to="/admin/posts/new" className="btn-primary">
          New post
        </Link>
      </div>
      <ListSearch
        label="Search by title"
        q={q}
        keep={[
          ["sort", sort],
          ["dir", dir],
        ]}
      />
      <ListCount offset={offset} shown={posts.length} total={total} noun="posts" />
      {posts.length > 0 && (
        <AdminTable caption="Blog posts" minWidth="min-w-[40rem]">
          <thead className="bg-slate-50">
            <tr>
              {th("title", "Title")}
              {th("status", "Status")}
              {th("published", "Published date")}
              {th("updated", "Updated")}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {posts.map((p) => (
              <tr key={p.id}>
                <th scope="row" className="px-3 py-2 text-left">
                  <Link
                    to={`/admin/posts/${p.id}`}
                    className="font-semibold text-brand-700 hover:underline break-words"
                  >
                    {p.title}
                  </Link>
                </th>
                <td data-label="Status" className="px-3 py-2">
                  {p.draft ? (
                    <span className="text-slate-600">Draft</span>
                  ) : (
                    <span className="font-semibold text-emerald-700">Published</span>
                  )}
                  {!p.draft && p.publishedAt > now && (
                    <span className="block text-xs text-slate-600">shows from its publish date</span>
                  )}
                </td>
                <td data-label="Published date" className="whitespace-nowrap px-3 py-2">
                  <time dateTime={p.publishedAt}>{formatDate(p.publishedAt)}</time>
                </td>
                <td data-label="Updated" className="whitespace-nowrap px-3 py-2">
                  <time dateTime={p.updatedAt}>{formatDateTime(p.updatedAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </AdminTable>
      )}
      <Pagination page={page} totalPages={totalPages} />
    </section>
  );
}
