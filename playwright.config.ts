import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/support/chromium";
import { E2E_DIR, E2E_PORT as PORT } from "./tests/e2e/support/ports";
import { OPEN_ADDRESS_LIMITS } from "./app/testing/open-order-limits";

export default defineConfig({
  testDir: "tests/e2e",
  // Journeys sign up (password hashing) and wait for e-mails on a shared 2-core machine: a minute each.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // npm test also asks for a JSON report (PLAYWRIGHT_JSON_OUTPUT_NAME) to count results.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "storefront", testIgnore: /admin\.spec\.ts/ },
    // Staff change the catalogue (a new flavour shows in every list and count): after the storefront journeys.
    { name: "back office", testMatch: /admin\.spec\.ts/, dependencies: ["storefront"] },
  ],
  webServer: {
    // The production build on a fresh SQLite database (npm test builds first), with a real SMTP server and a local
    // OpenID Connect provider standing in for Google (tests/e2e/support/e2e-server.ts).
    command: `rm -rf ${E2E_DIR} && node --import tsx tests/e2e/support/e2e-server.ts`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:./${E2E_DIR}/shop.db`,
      // Every journey shops the demo catalogue (the default; pinned so a DEMO_CONTENT=off in the shell cannot leak in).
      DEMO_CONTENT: "on",
      UPLOAD_DIR: `./${E2E_DIR}/uploads`,
      // Customers' photo IDs: private, beside (never inside) the public uploads (docs/decisions/044).
      AGE_DOCUMENTS_DIR: `./${E2E_DIR}/age-documents`,
      LOG_LEVEL: "warn",
      // Journeys give themselves their own client address (X-Forwarded-For), so rate limits don't leak between them.
      TRUST_PROXY: "1",
      // E-mails are sent by the background worker: look for them often so journeys do not wait.
      JOB_POLL_MS: "100",
      // Set-up that writes the database directly (tests/e2e/support/stock.ts) is seen within 100 ms.
      CONTENT_VERSION_POLL_MS: "100",
      // One process, so a journey's staff change and its next storefront page meet the same page cache; several
      // processes (the default: one per CPU) are tested in page-cache.spec.ts and server-lifecycle.spec.ts.
      WEB_CONCURRENCY: "1",
      // Every journey's shopper delivers to the same address (tests/e2e/support/checkout.ts): the limits per delivery
      // address are opened; those per account stay at their defaults (order-limits.spec.ts meets them).
      ...OPEN_ADDRESS_LIMITS,
    },
  },
});
