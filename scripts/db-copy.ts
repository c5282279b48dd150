// npm run db:copy -- --to postgres://…: the whole shop from the database of DATABASE_URL into an empty one, the move
// from SQLite to PostgreSQL (docs/guide/backups.md#moving-to-postgresql).
import { shownDatabaseUrl } from "~/db/database.server";
import { loadConfig } from "~/lib/config.server";
import { copyDatabase } from "~/modules/backups/restore.service.server";
import { printTables, runCommand, UsageError } from "./backup-cli";

const usage = [
  "npm run db:copy -- --to postgres://user:password@host:5432/shop",
  "  Copies every table of the database of DATABASE_URL into the empty database of --to: its schema by the",
  "  migrations, rows in batches in one transaction, each table's rows counted on both sides. Uploaded files stay",
  "  where they are. Stop the shop first: orders placed while it copies are not in the copy.",
].join("\n");

await runCommand(usage, { to: { type: "string" } }, async ({ values }) => {
  if (typeof values.to !== "string" || !values.to) throw new UsageError("Name the target database with --to.");
  const config = loadConfig();
  console.log(`Copying ${shownDatabaseUrl(config.DATABASE_URL)} into ${shownDatabaseUrl(values.to)}…`);
  const copied = await copyDatabase(config.DATABASE_URL, values.to);
  console.log(`Copied at migration ${copied.migration}. Rows per table, the same on both sides:`);
  printTables(copied.tables);
  console.log(`Now set DATABASE_URL=${shownDatabaseUrl(values.to)} and start the shop.`);
});
