/**
 * Taking backups (issue 37, docs/decisions/048): one file of the running shop, written while it takes orders, recorded
 * for the dashboard; old ones pruned. The file's format: backup-archive.server.ts; restoring one and the move to
 * PostgreSQL: restore.service.server.ts.
 */
import { randomUUID } from "node:crypto";
import { copyFile, link, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import * as tar from "tar";
import { createDatabase, databaseKind, type Db } from "~/db/database.server";
import { postgresSnapshot, sqliteSnapshot, type Snapshot } from "~/db/snapshot.server";
import { copiedTables, migrationLevel, rowCounts } from "~/db/transfer.server";
import {
  BACKUP_FORMAT,
  BackupError,
  filesUnder,
  removeWork,
  sha256,
  type Manifest,
  type ManifestFile,
} from "./backup-archive.server";
import { findLastBackupRun, insertBackupRun, pruneBackupRuns } from "./backups.repository.server";

const NAME = /^shop-backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;

/** A file placed in the backup's folder: a hard link (no copy, no space) where it can be, a copy otherwise. */
async function place(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

const stampOf = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replaceAll(":", "-");

function describe(error: unknown, writing: string): BackupError {
  if (error instanceof BackupError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOSPC")
    return new BackupError(
      `The disk filled up while ${writing}: the partial file was removed. Free some space and run it again.`,
    );
  if (code === "EACCES" || code === "EPERM")
    return new BackupError(`Not allowed to write while ${writing} (${(error as Error).message}).`);
  return new BackupError(`${writing[0]!.toUpperCase()}${writing.slice(1)} failed: ${(error as Error).message}`);
}

export type BackupOptions = {
  databaseUrl: string;
  uploadDir: string;
  outDir: string;
  keepDays: number;
  shopVersion: string;
  now?: () => Date;
};
export type BackupResult = { file: string; bytes: number; seconds: number; manifest: Manifest; pruned: string[] };

/**
 * Takes a backup of the running shop into `outDir` (written as a hidden partial file, renamed when complete), records
 * it for the dashboard, and deletes the backups in `outDir` older than `keepDays`.
 */
export async function createBackup(db: Db, options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? (() => new Date());
  const started = now();
  const outDir = resolve(options.outDir);
  const name = `shop-backup-${stampOf(started)}.tar.gz`;
  const partial = join(outDir, `.${name}.partial`);
  let work: string | null = null;
  try {
    await mkdir(outDir, { recursive: true });
    work = await mkdtemp(join(outDir, ".backup-work-"));
    const kind = databaseKind(options.databaseUrl);
    let snapshot: Snapshot;
    if (kind === "sqlite") {
      const file = join(work, "database.sqlite");
      await sqliteSnapshot(db, file);
      const copy = createDatabase(`file:${file}`, { readonly: true });
      try {
        snapshot = { migration: await migrationLevel(copy), tables: await rowCounts(copy, await copiedTables(copy)) };
      } finally {
        await copy.destroy();
      }
    } else {
      await mkdir(join(work, "database"));
      snapshot = await postgresSnapshot(db, join(work, "database"));
    }
    if (!snapshot.migration) throw new BackupError("The database has no tables yet: start the shop once first.");
    const uploads = resolve(options.uploadDir);
    for (const file of await filesUnder(uploads)) await place(join(uploads, file), join(work, "uploads", file));

    const files: ManifestFile[] = [];
    for (const path of await filesUnder(work)) {
      const full = join(work, path);
      files.push({ path, bytes: (await stat(full)).size, sha256: await sha256(full) });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: started.toISOString(),
      shopVersion: options.shopVersion,
      database: kind,
      migration: snapshot.migration,
      tables: snapshot.tables,
      files,
    };
    await writeFile(join(work, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      "manifest.json",
      ...files.map((f) => f.path),
    ]);
    const final = join(outDir, name);
    await rename(partial, final);
    const bytes = (await stat(final)).size;
    const seconds = (now().getTime() - started.getTime()) / 1000;
    if (
      await insertBackupRun(db, {
        id: randomUUID(),
        finished_at: now().toISOString(),
        file: name,
        bytes,
        seconds: Math.round(seconds),
      })
    )
      await pruneBackupRuns(db);
    const pruned = await pruneBackups(outDir, options.keepDays, now());
    return { file: final, bytes, seconds, manifest, pruned };
  } catch (error) {
    await rm(partial, { force: true });
    throw describe(error, "writing the backup");
  } finally {
    if (work) await removeWork(work);
  }
}

/** Deletes the backups in the folder older than `keepDays` (by the time in their name); answers their names. */
export async function pruneBackups(outDir: string, keepDays: number, now: Date): Promise<string[]> {
  const limit = now.getTime() - keepDays * 86_400_000;
  const pruned: string[] = [];
  for (const name of await readdir(outDir)) {
    const stamp = NAME.exec(name)?.[1];
    if (!stamp) continue;
    const taken = Date.parse(stamp.replace(/T(\d{2})-(\d{2})-(\d{2})Z$/, "T$1:$2:$3Z"));
    if (taken < limit) {
      await rm(join(outDir, name), { force: true });
      pruned.push(name);
    }
  }
  return pruned.sort();
}

/** When the last backup finished, for the dashboard (null: never, or not since backups were recorded). */
export async function lastBackup(db: Db): Promise<{ finishedAt: string; file: string; bytes: number } | null> {
  const run = await findLastBackupRun(db);
  return run ? { finishedAt: run.finished_at, file: run.file, bytes: run.bytes } : null;
}

/** Backups are taken nightly: one older than this (or none) is a warning on the dashboard. */
export const BACKUP_STALE_MS = 2 * 86_400_000;

/** The last backup and whether it is too old (more than two days, or none at all). */
export async function backupStatus(db: Db, now = new Date()) {
  const last = await lastBackup(db);
  return { last, stale: !last || now.getTime() - Date.parse(last.finishedAt) > BACKUP_STALE_MS };
}
