/**
 * What a backup file is (issue 37, docs/decisions/048): one `.tar.gz` with `manifest.json` (shop version, database
 * kind, migration level, rows per table, each file's size and SHA-256), the database (`database.sqlite` taken by
 * `VACUUM INTO`, or `database/<table>.jsonl` from one PostgreSQL snapshot) and every file under UPLOAD_DIR as
 * `uploads/…`; and the pieces taking one (backups.service.server.ts) and restoring one (restore.service.server.ts)
 * share.
 */
import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { readdir, rm } from "node:fs/promises";
import { join, relative, sep } from "node:path";

export const BACKUP_FORMAT = "vape-shop-backup/1";

export type ManifestFile = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  shopVersion: string;
  database: "sqlite" | "postgres";
  migration: string;
  tables: Record<string, number>;
  files: ManifestFile[];
};

/** A backup, restore or copy refused or stopped: one line that says why and that nothing was changed. */
export class BackupError extends Error {}

export const sha256 = (file: string) =>
  new Promise<string>((done, failed) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => done(hash.digest("hex")))
      .on("error", failed);
  });

/** Every file under a folder, as paths relative to it with '/' (none when it does not exist). */
export async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/**
 * Removes a working folder. An archive refused half way may still be writing its last entries: tried again a few times,
 * and a folder left behind never hides the error that stopped the work.
 */
export const removeWork = (work: string) =>
  rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => {});
