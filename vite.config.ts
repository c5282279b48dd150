import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type LogLevel, type Rolldown } from "vite";

const app = fileURLToPath(new URL("./app", import.meta.url));

/** Route modules' names (NAME.ts or NAME.tsx anywhere under app/routes): Rollup names a route's browser chunk after its file. */
const routeNames = new Set(
  readdirSync(`${app}/routes`, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => file.replace(/^.*\//, "").replace(/\.tsx?$/, "")),
);
const isRouteModule = (name: string) => routeNames.has(name);

/**
 * Two warnings the build would print on every run, about nothing the shop can or needs to change (docs/decisions/028);
 * every other warning is printed as usual.
 */
function onwarn(warning: Rolldown.RolldownLog, print: (warning: Rolldown.RolldownLog) => void) {
  // React Router builds a browser chunk for every route. A route that only answers the server (a loader or action and
  // no page: /robots.txt, /api/me, /signout…) has nothing for the browser, so its chunk is empty by design. An empty
  // chunk that is not a route's is still reported. (Rollup reported them; Rolldown, Vite 8's bundler, does not.)
  if (warning.code === "EMPTY_BUNDLE" && warning.names?.length && warning.names.every(isRouteModule)) return;
  // zod 4.6 has comments mentioning `@__PURE__` in places Rollup cannot use them, and Rollup says so; its own code,
  // not ours, and Rollup drops just those comments. Our own code's annotations are still checked.
  if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("/node_modules/")) return;
  print(warning);
}

export default defineConfig({
  // The server bundle starts from server/app.ts so the Express app, the database
  // and the React Router handler share one module graph (one database pool).
  environments: { ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } } },
  // Rolldown warns when plugins took most of a build's time (PLUGIN_TIMINGS): that says how busy the machine was,
  // not something in the code, and it broke "the build warns of nothing" on a loaded machine (first-start.spec.ts).
  build: { rolldownOptions: { onwarn, checks: { bundlerTimings: false } } },
  // `npm start`'s first build (scripts/ensure-build.mjs) prints warnings and errors only, not every file it wrote.
  logLevel: (process.env.SHOP_BUILD_LOG_LEVEL as LogLevel | undefined) || undefined,
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { "~": app } },
});
