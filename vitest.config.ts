import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts", "bench/**/*.test.ts"],
    environment: "node",
    // Service tests each open their own database; PostgreSQL ones make their own schema.
    pool: "forks",
    // The demo content for `describeEachDatabase(…, { seed: true })`, which app/db may not import (decision 026).
    setupFiles: ["app/demo/testing/register-demo-seed.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
