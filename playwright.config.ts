import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, findChromium } from "./tests/e2e/support/chromium";

const PORT = Number(process.env.E2E_PORT ?? 4173);
export const E2E_DATABASE = "data/e2e/shop.db";

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
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
  webServer: {
    // The production build on a fresh SQLite database (npm test builds first).
    command: `rm -rf data/e2e && node --import tsx server/main.ts`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      DATABASE_URL: `file:./${E2E_DATABASE}`,
      LOG_LEVEL: "warn",
      // Journeys give themselves their own client address (X-Forwarded-For), so rate limits don't leak between them.
      TRUST_PROXY: "1",
    },
  },
});
