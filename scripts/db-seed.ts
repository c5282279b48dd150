// npm run db:seed: loads the demo content (app/demo) into the configured database (DATABASE_URL) if it has none, whatever
// DEMO_CONTENT says, and prints what it did (docs/decisions/026). Migrates first; safe beside a running shop (the
// start-up lock of docs/decisions/011).
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { createDatabase } from "~/db/database.server";
import { prepareDatabase } from "~/db/prepare.server";
import { seedDemoContent } from "~/demo/seed.server";
import { loadConfig } from "~/lib/config.server";
import { printPrepared, shownDatabaseUrl } from "./db-report";

const config = loadConfig();
const db = createDatabase(config.DATABASE_URL, { poolSize: 1 });
try {
  console.log(`Database: ${shownDatabaseUrl(config.DATABASE_URL)}`);
  const prepared = await prepareDatabase(db, config.DATABASE_URL, { seed: seedDemoContent });
  printPrepared(prepared);
  if (!prepared.loaded.includes("catalogue")) console.log("The catalogue already has devices: left as it is.");
  if (!prepared.loaded.includes("blog")) console.log("The blog already has posts: left as it is.");
} finally {
  await db.destroy();
}
