import { data } from "react-router";
import { appUrl } from "~/lib/config.server";
import { sitemapDocument } from "~/modules/content/sitemap.service.server";
import type { Route } from "./+types/sitemap";

/** /sitemap.xml and, past 50,000 addresses, its parts /sitemaps/N.xml (docs/guide/search-engines.md). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const file = (params as { file?: string }).file;
  const part = file === undefined ? null : Number(/^([1-9]\d{0,4})\.xml$/.exec(file)?.[1] ?? 0);
  const xml = await sitemapDocument(context.db, appUrl(context.config), part);
  if (xml === null) throw data(null, { status: 404 });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
