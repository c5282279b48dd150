import { data } from "react-router";
import { PostArticle } from "~/components/blog/post-article";
import { pageMeta } from "~/lib/meta";
import { postStructuredData } from "~/modules/content/structured-data";
import { getPublishedPost } from "~/modules/content/blog.service.server";
import type { Route } from "./+types/blog-post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const post = await getPublishedPost(context.db, params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData: data, matches, location }) =>
  data
    ? [
        ...pageMeta(matches, data.post.title, data.post.excerpt),
        ...postStructuredData(matches, data.post, location.pathname),
      ]
    : [{ title: "Page not found" }];

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  return <PostArticle post={loaderData.post} />;
}
