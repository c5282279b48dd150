import type { Seed } from "../prepare.server";

// The demo content lives above the data layer (app/demo, docs/decisions/026), so the test helpers here cannot import
// it: vitest.config.ts's setup file (app/demo/testing/register-demo-seed.ts) hands it in before each test file runs.

let registered: Seed | undefined;

/** Called by the Vitest setup file: what `describeEachDatabase(…, { seed: true })` loads. */
export function registerDemoSeed(seed: Seed): void {
  registered = seed;
}

/** The demo content loader for tests; fails loudly when the setup file did not run. */
export function demoSeed(): Seed {
  if (!registered)
    throw new Error(
      "No demo content loader: vitest.config.ts must list app/demo/testing/register-demo-seed.ts in setupFiles",
    );
  return registered;
}
