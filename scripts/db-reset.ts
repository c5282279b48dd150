// npm run db:reset [-- [--empty] [--yes]]: drops everything in the configured database (DATABASE_URL), migrates it
// from the start and loads the demo content unless --empty; prints what it did (docs/decisions/026). Asks nothing:
// on PostgreSQL it refuses without --yes. Stop the shop first.
import "./require-node.mjs"; // first: an older Node stops here with one line (docs/decisions/030)
import { parseArgs } from "node:util";
import { databaseKind } from "~/db/database.server";
import { resetDatabase } from "~/db/reset.server";
import { seedDemoContent } from "~/demo/seed.server";
import { loadConfig } from "~/lib/config.server";
import { printPrepared, shownDatabaseUrl } from "./db-report";

const usage =
  "Usage: npm run db:reset [-- [--empty] [--yes]]   (--empty: no demo content; --yes: needed on PostgreSQL)";
let options: { empty?: boolean; yes?: boolean };
try {
  options = parseArgs({ options: { empty: { type: "boolean" }, yes: { type: "boolean" } } }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
const shown = shownDatabaseUrl(config.DATABASE_URL);
if (databaseKind(config.DATABASE_URL) === "postgres" && !options.yes) {
  console.error(
    `Refused: this would drop every table of the PostgreSQL database ${shown}, with its orders and accounts.`,
  );
  console.error("If that is what you want, run it again with --yes: npm run db:reset -- --yes");
  process.exit(2);
}

console.log(`Database: ${shown}`);
const outcome = await resetDatabase(config.DATABASE_URL, options.empty ? undefined : seedDemoContent);
console.log(`Dropped ${outcome.dropped}.`);
printPrepared(outcome);
if (options.empty) console.log("Left it empty (--empty): no devices, flavours, reviews or blog posts.");
