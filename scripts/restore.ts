// npm run restore -- FILE: a backup into an empty database (DATABASE_URL) and an empty UPLOAD_DIR (docs/guide/backups.md).
import { loadConfig } from "~/lib/config.server";
import { restoreBackup } from "~/modules/backups/restore.service.server";
import { shownDatabaseUrl } from "~/db/database.server";
import { printTables, runCommand, UsageError } from "./backup-cli";

const usage = [
  "npm run restore -- FILE",
  "  Restores the backup FILE into the database of DATABASE_URL and into UPLOAD_DIR, which must both be empty (a new",
  "  SQLite file or PostgreSQL database, an empty folder). Checks every checksum and the migration level first.",
].join("\n");

await runCommand(
  usage,
  {},
  async ({ positionals }) => {
    if (positionals.length !== 1) throw new UsageError("Name one backup file.");
    const config = loadConfig();
    const restored = await restoreBackup(positionals[0]!, {
      databaseUrl: config.DATABASE_URL,
      uploadDir: config.UPLOAD_DIR,
    });
    console.log(
      `Restored the backup of ${restored.manifest.createdAt} (migration ${restored.manifest.migration}) into ${shownDatabaseUrl(config.DATABASE_URL)}, with ${restored.files} uploaded files in ${config.UPLOAD_DIR}. Rows per table, each checked against the backup:`,
    );
    printTables(restored.tables);
    console.log("Start the shop: it runs any newer migrations first.");
  },
  true,
);
