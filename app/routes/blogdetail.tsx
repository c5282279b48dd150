import { data } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { pageMeta } from "~/lib/meta";
import { getLatestPost } from "~/modules/content/blog.service.server";
import type { Route } from "./+types/blogdetail";

/** /blogdetail (docs/product/specification.md §2): the latest post (its own address is /blog/{slug}). */
export async function loader({ context }: Route.LoaderArgs) {
  const post = await getLatestPost(context.db);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches }) =>
  data
    ? [
        ...pageMeta(matches, data.post.title, data.post.excerpt),
        { tagName: "link", rel: "canonical", href: `/blog/${data.post.slug}` },
      ]
    : [{ title: "Page not found" }];

export default function BlogDetail({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} />;
}
