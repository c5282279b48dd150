import { data, redirect } from "react-router";
import { httpStatus } from "~/lib/result";
import { Link } from "~/components/ui/link";
import { PostForm } from "~/components/admin/content/post-form";
import { pageMeta } from "~/lib/meta";
import { requireStaff } from "~/modules/accounts/session.service.server";
import { newPostValues, postDeps, runPostForm } from "~/modules/admin/posts/posts-admin.service.server";
import type { Route } from "./+types/post-new";
import { readForm } from "~/lib/form-data.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "New post", "Write a new blog post.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  return data({ values: newPostValues(staff.name) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, request, "content.edit");
  const result = await runPostForm(postDeps(context), staff, null, await readForm(request));
  if (result.ok) return result.id ? redirect(`/admin/posts/${result.id}?notice=created`) : data(result.body);
  if (!result.body) throw data(null, { status: httpStatus(result.code) });
  return data(result.body, { status: httpStatus(result.code) });
}

export default function AdminPostNew({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <section aria-labelledby="post-new-title" className="space-y-6">
      <div>
        <Link to="/admin/posts" className="text-sm text-brand-700 hover:underline">
          All posts
        </Link>
        <h1 id="post-new-title" className="mt-2 text-2xl font-extrabold">
          New post
        </h1>
      </div>
      <PostForm
        values={actionData?.values ?? loaderData.values}
        errors={actionData?.errors ?? {}}
        previewHtml={actionData?.previewHtml ?? null}
        submitLabel="Create post"
      />
    </section>
  );
}
