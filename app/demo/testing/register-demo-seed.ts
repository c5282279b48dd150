// Vitest setup file (vitest.config.ts): gives the data layer's test helpers the demo content loader they may not
// import themselves (docs/decisions/026). Loaded lazily: most test files never seed.
import { registerDemoSeed } from "~/db/testing/demo-seed";

registerDemoSeed(async (db) => (await import("~/demo/seed.server")).seedDemoContent(db));
