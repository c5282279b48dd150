import { data, Form, redirect } from "react-router";
import { httpStatus } from "~/lib/result";
import { Link } from "~/components/ui/link";
import { FormAlert } from "~/components/ui/form-alert";
import { formatDate, formatDateTime } from "~/lib/shop-time";
import { PostForm } from "~/components/admin/content/post-form";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { postNotices } from "~/modules/admin/posts/posts-admin";
import {
  getPostForEdit,
  postDeps,
  runPostForm,
  setPostPublished,
} from "~/modules/admin/posts/posts-admin.service.server";
import type { Route } from "./+types/post";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data ? pageMeta(matches, `Edit: ${data.post.title}`, "Edit a blog post.") : [{ title: "Page not found" }];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const post = await getPostForEdit(context.db, staff, params.id);
  if (!post) throw data(null, { status: 404 });
  const noticeKey = new URL(request.url).searchParams.get("notice") ?? "";
  const notice = Object.hasOwn(postNotices, noticeKey) ? postNotices[noticeKey as keyof typeof postNotices] : null;
  return data({ post, notice, now: new Date().toISOString() });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "publish" || intent === "unpublish") {
    const done = await setPostPublished(context.db, staff, params.id, intent === "publish");
    if (!done.ok) throw data(null, { status: httpStatus(done.code) });
    return redirect(`/admin/posts/${params.id}?notice=${intent === "publish" ? "published" : "unpublished"}`);
  }
  const result = await runPostForm(postDeps(context), staff, params.id, form);
  if (result.ok) return result.id ? redirect(`/admin/posts/${result.id}?notice=saved`) : data(result.body);
  if (!result.body) throw data(null, { status: httpStatus(result.code) });
  return data(result.body, { status: httpStatus(result.code) });
}

export default function AdminPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, notice, now } = loaderData;
  const live = !post.draft && post.publishedAt <= now;
  const status = post.draft
    ? "Draft"
    : live
      ? "Published"
      : `Published, shows on the blog from ${formatDate(post.publishedAt)}`;
  return (
    <section aria-labelledby="post-title" className="space-y-6">
      <div>
        <Link to="/admin/posts" className="text-sm text-brand-700 hover:underline">
          All posts
        </Link>
        <h1 id="post-title" className="mt-2 text-2xl font-extrabold break-words">
          Edit post: {post.title}
        </h1>
      </div>
      {!actionData && <FormAlert message={notice} tone="success" />}
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-slate-50 p-4 text-sm">
        <p>
          Status: <span className="font-semibold">{status}</span>
          <span className="block text-slate-600">
            Last updated <time dateTime={post.updatedAt}>{formatDateTime(post.updatedAt)}</time>
          </span>
        </p>
        <Form method="post" className="ml-auto">
          {post.draft ? (
            <button type="submit" name="intent" value="publish" className="btn-primary">
              Publish
            </button>
          ) : (
            <button type="submit" name="intent" value="unpublish" className="btn-outline">
              Unpublish
            </button>
          )}
        </Form>
        {live && (
          <Link to={`/blog/${post.slug}`} className="text-brand-700 underline">
            View on the blog
          </Link>
        )}
      </div>
      <PostForm
        key={post.updatedAt}
        values={actionData?.values ?? post.values}
        errors={actionData?.errors ?? {}}
        previewHtml={actionData?.previewHtml ?? null}
        submitLabel="Save changes"
      />
    </section>
  );
}
