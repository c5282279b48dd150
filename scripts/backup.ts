// npm run backup [-- --out DIR]: one file with the database and every uploaded file, taken while the shop runs
// (docs/guide/backups.md). Backups in DIR older than BACKUP_KEEP_DAYS are deleted.
import { readFileSync } from "node:fs";
import { createDatabase } from "~/db/database.server";
import { loadConfig } from "~/lib/config.server";
import { createBackup } from "~/modules/backups/backups.service.server";
import { megabytes, runCommand } from "./backup-cli";

const usage = [
  "npm run backup [-- --out DIR]",
  "  Writes DIR/shop-backup-<time>.tar.gz (DIR: ./backups unless given) from the database of DATABASE_URL and the",
  "  files of UPLOAD_DIR, while the shop runs; deletes the backups in DIR older than BACKUP_KEEP_DAYS (30).",
].join("\n");

await runCommand(usage, { out: { type: "string" } }, async ({ values }) => {
  const config = loadConfig();
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  const db = createDatabase(config.DATABASE_URL, { poolSize: 2 });
  try {
    const backup = await createBackup(db, {
      databaseUrl: config.DATABASE_URL,
      uploadDir: config.UPLOAD_DIR,
      outDir: typeof values.out === "string" ? values.out : "./backups",
      keepDays: config.BACKUP_KEEP_DAYS,
      shopVersion: version,
    });
    const rows = Object.values(backup.manifest.tables).reduce((a, b) => a + b, 0);
    const files = backup.manifest.files.filter((f) => f.path.startsWith("uploads/")).length;
    console.log(
      `Backup written: ${backup.file} (${megabytes(backup.bytes)}; ${rows} rows in ${Object.keys(backup.manifest.tables).length} tables, ${files} uploaded files; migration ${backup.manifest.migration}; ${backup.seconds.toFixed(1)} s).`,
    );
    for (const name of backup.pruned) console.log(`Deleted ${name} (older than ${config.BACKUP_KEEP_DAYS} days).`);
  } finally {
    await db.destroy();
  }
});
