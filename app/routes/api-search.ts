import { readSuggestQuery, suggestCatalog } from "~/modules/catalog/suggest.service.server";
import type { Route } from "./+types/api-search";

/** The same for every visitor (it never reads the session), so browsers and CDNs may keep it a minute. */
const SHARED = "public, max-age=60";

/**
 * Suggestions under the header's search box: `GET /api/search?q=` → `{ query, results, total }`, at most six results.
 * A bad query is a 400 with a message. The page cache never keeps /api/* (server/page-cache.ts): one entry per
 * keystroke would push the pages out; this answer's own Cache-Control lets the browser keep it instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const input = readSuggestQuery(new URL(request.url).searchParams);
  if ("problem" in input)
    return Response.json({ message: input.problem }, { status: 400, headers: { "Cache-Control": "no-store" } });
  return Response.json(await suggestCatalog(context.db, input.query, context.catalogueVersion?.()), {
    headers: { "Cache-Control": SHARED },
  });
}
