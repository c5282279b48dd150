import { appUrl } from "~/lib/config.server";
import { robotsTxt } from "~/modules/content/sitemap.service.server";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(appUrl(context.config)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
