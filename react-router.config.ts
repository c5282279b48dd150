import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router v8's behaviour, adopted now (docs/decisions/028).
  future: {
    // Loaders and actions get a RouterContextProvider carrying the shop's services (app/context.ts, server/app.ts).
    v8_middleware: true,
    // Browser-only exports (clientLoader, clientAction, HydrateFallback) get chunks of their own; the shop has none yet.
    v8_splitRouteModules: true,
    // Vite's Environment API: the server build's entry is set under environments.ssr (vite.config.ts).
    v8_viteEnvironmentApi: true,
    // Loaders and actions get the request as it came; `url` is the page's address without `.data` (the guards use it).
    v8_passThroughRequests: true,
    // A page's data is at /path.data and /path/_.data (the root's at /_.data, no longer /_root.data).
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
