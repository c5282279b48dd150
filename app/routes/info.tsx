import { data } from "react-router";
import { pageMeta } from "~/lib/meta";
import { findInfoPage } from "~/modules/content/info-pages";
import type { Route } from "./+types/info";

export function loader({ params }: Route.LoaderArgs) {
  const page = findInfoPage(params.slug);
  if (!page) throw data(null, { status: 404 });
  return { page };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(matches, data.page.title, data.page.paragraphs[0] ?? data.page.title) : [{ title: "Page not found" }];

export default function Info({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="container-page max-w-3xl py-12">
      <h1 className="text-3xl font-bold">{page.title}</h1>
      {page.paragraphs.map((p) => <p key={p} className="mt-4 text-slate-700">{p}</p>)}
    </article>
  );
}
