import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 8 always behaves as the five v8 flags the shop adopted on 7 (docs/decisions/028): loaders and actions
  // get a RouterContextProvider carrying the shop's services (app/context.ts, server/app.ts); the server build's entry
  // is set under environments.ssr (vite.config.ts); loaders and actions get the request as it came, with `url` the
  // page's address without `.data`; a page's data is at /path.data and /path/_.data (the root's at /_.data); and
  // browser-only exports get chunks of their own (`splitRouteModules`, on by default; the shop has none yet).
} satisfies Config;
