import { describe, expect, it } from "vitest";
import { warningLines } from "./output-warnings";

// Lines the first `npm start` printed before docs/decisions/028, as printed.
const before = `npm warn Unknown user config "nodedir". This will stop working in the next major version of npm. See \`npm help npmrc\` for supported config options.

> vape-shop@0.1.0 build
> react-router build && esbuild server/main.ts --bundle --platform=node --format=esm --packages=external --outfile=build/main.js --log-level=warning

vite v7.3.8 building client environment for production...
node_modules/zod/v4/core/util.js (400:0): A comment

"// Wrapped in a \`@__PURE__\` IIFE: esbuild never tree-shakes a top-level initializer"

in "node_modules/zod/v4/core/util.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.
✓ 371 modules transformed.
Generated an empty chunk: "api.me".
build/client/assets/api.me-l0sNRNKZ.js                   0.00 kB │ gzip:  0.02 kB
build/client/assets/route-error-CQX-tcX5.js              1.49 kB │ gzip:  0.66 kB
\u001b[33m  ⚠️  Future Flag Warning: Route middleware support is changing in React Router v8.
     You can use the \`future.v8_middleware\` flag to opt in early.
     -> https://reactrouter.com/v7/upgrading/future#futurev8_middleware\u001b[39m
{"level":30,"time":1795517368112,"loaded":["catalogue","blog"],"msg":"demo content loaded"}
{"level":30,"time":1795517384303,"port":5773,"msg":"shop listening on http://localhost:5773"}`;

describe("the warning lines of a command's output", () => {
  it("finds the build's annotation, empty-chunk and future-flag warnings", () => {
    expect(warningLines(before)).toEqual([
      'in "node_modules/zod/v4/core/util.js" contains an annotation that Rollup cannot interpret due to the position of the comment. The comment will be removed to avoid issues.',
      'Generated an empty chunk: "api.me".',
      "  ⚠️  Future Flag Warning: Route middleware support is changing in React Router v8.",
    ]);
  });

  it("counts JSON log lines by their level: warn and above", () => {
    const lines = [
      '{"level":30,"msg":"a warning-free info line that says warn"}',
      '{"level":40,"reason":"timeout","msg":"a database connection was lost"}',
      '{"level":50,"msg":"request failed"}',
    ];
    expect(warningLines(lines.join("\n"))).toEqual(lines.slice(1));
  });

  it("finds Node's own warnings, deprecations and stack traces", () => {
    const output = [
      "(node:4242) ExperimentalWarning: SQLite is an experimental feature",
      "(node:4242) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
      "Error: boom",
      "    at main (file:///work/shop/build/main.js:12:7)",
      "(!) Some chunks are larger than 500 kB after minification.",
    ].join("\n");
    expect(warningLines(output)).toHaveLength(4);
  });

  it("leaves the machine's npm settings and npm's echo of a script alone, and a calm start has none", () => {
    const calm = [
      'npm warn Unknown env config "nodedir". This will stop working in the next major version of npm.',
      "> node scripts/ensure-build.mjs && NODE_ENV=production node build/main.js",
      "No build yet: building the shop (about a minute)…",
      "Built in 71 s.",
      '{"level":30,"time":1,"loaded":["catalogue","blog"],"msg":"demo content loaded"}',
      "[11:23:34] INFO: shop listening on http://localhost:3000",
    ].join("\n");
    expect(warningLines(calm)).toEqual([]);
  });
});
