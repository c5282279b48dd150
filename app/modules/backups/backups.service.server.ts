/**
 * Backups, restores and the move to PostgreSQL (issue 37, docs/decisions/048).
 *
 * A backup is one `.tar.gz` file: `manifest.json` (shop version, database kind, migration level, rows per table, each
 * file's size and SHA-256), the database (`database.sqlite` taken by `VACUUM INTO`, or `database/<table>.jsonl` from one
 * PostgreSQL snapshot) and every file under UPLOAD_DIR as `uploads/…`. It is taken while the shop runs and takes
 * orders. A restore checks every checksum and the migration level before it writes anything, and writes only into an
 * empty database and an empty UPLOAD_DIR; a failure leaves them as they were.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { copyFile, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import * as tar from "tar";
import { createDatabase, databaseKind, shownDatabaseUrl, sqlitePath, type Db } from "~/db/database.server";
import { migrateTo } from "~/db/migrate.server";
import { dropEverything } from "~/db/reset.server";
import { jsonLinesSource, postgresSnapshot, sqliteSnapshot, type Snapshot } from "~/db/snapshot.server";
import {
  copiedTables,
  databaseSource,
  isEmptyDatabase,
  knowsMigration,
  migrationLevel,
  rowCounts,
  writeRows,
  type RowSource,
} from "~/db/transfer.server";
import { findLastBackupRun, insertBackupRun, pruneBackupRuns } from "./backups.repository.server";

export const BACKUP_FORMAT = "vape-shop-backup/1";
const NAME = /^shop-backup-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z)\.tar\.gz$/;

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

const sha256 = (file: string) =>
  new Promise<string>((done, failed) => {
    const hash = createHash("sha256");
    createReadStream(file)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => done(hash.digest("hex")))
      .on("error", failed);
  });

/** Every file under a folder, as paths relative to it with '/' (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** A file placed in the backup's folder: a hard link (no copy, no space) where it can be, a copy otherwise. */
async function place(from: string, to: string) {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

/**
 * Removes a working folder. An archive refused half way may still be writing its last entries: tried again a few times,
 * and a folder left behind never hides the error that stopped the work.
 */
const removeWork = (work: string) =>
  rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }).catch(() => {});

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

/** Why a database could not be used, in one line (a refused connection's AggregateError names each address). */
function reason(error: unknown): string {
  const e = error as Error & { errors?: Error[]; code?: string };
  const message = e.message || e.errors?.map((x) => x.message).join("; ") || e.code || String(error);
  return message.split("\n")[0]!;
}

/** Opens a target database and checks it is empty; an unreachable PostgreSQL is said in one line. */
async function openEmptyTarget(url: string): Promise<Db> {
  if (databaseKind(url) === "sqlite") {
    const path = sqlitePath(url);
    if (existsSync(path) && (await stat(path)).size > 0)
      throw new BackupError(
        `The SQLite database ${path} already exists: restore or copy only into a new one (move it away, or set DATABASE_URL to a new file). Nothing was changed.`,
      );
  }
  const db = createDatabase(url, { poolSize: 2 });
  try {
    if (!(await isEmptyDatabase(db)))
      throw new BackupError(
        `The database ${shownDatabaseUrl(url)} is not empty: restore or copy only into a new, empty database. Nothing was changed.`,
      );
    return db;
  } catch (error) {
    await db.destroy();
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot use the database ${shownDatabaseUrl(url)}: ${reason(error)}. Nothing was changed.`);
  }
}

/**
 * Writes the source's rows into an empty target: migrated to the source's level, rows in one transaction, then every
 * table's count checked against `expected`. On any failure the target is emptied again (it was empty before).
 */
async function fill(
  target: Db,
  targetUrl: string,
  migration: string,
  source: RowSource,
  expected: Record<string, number>,
  onTable?: (table: string, rows: number) => void,
): Promise<Record<string, number>> {
  try {
    await migrateTo(target, migration);
    const tables = (await copiedTables(target)).filter((t) => t in expected);
    const missing = Object.keys(expected).filter((t) => !tables.includes(t));
    if (missing.length) throw new BackupError(`The target has no table ${missing.join(", ")} at ${migration}.`);
    await target.transaction().execute((trx) => writeRows(trx, tables, source, onTable));
    const counts = await rowCounts(target, tables);
    for (const table of tables)
      if (counts[table] !== expected[table])
        throw new BackupError(`${table}: ${counts[table]} rows written, ${expected[table]} expected.`);
    return counts;
  } catch (error) {
    await target.destroy();
    await dropEverything(targetUrl);
    throw error instanceof BackupError
      ? new BackupError(`${error.message} The target database was emptied again.`)
      : new BackupError(
          `Writing the rows failed (${(error as Error).message}); the target database was emptied again.`,
        );
  }
}

export type RestoreOptions = {
  databaseUrl: string;
  uploadDir: string;
  onTable?: (table: string, rows: number) => void;
};
export type RestoreResult = { manifest: Manifest; tables: Record<string, number>; files: number };

/** Reads and checks a backup: every file listed with its size and checksum, nothing else, a migration this code has. */
async function unpack(file: string, work: string): Promise<Manifest> {
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  try {
    await tar.extract({ file, cwd: work, strict: true });
  } catch (error) {
    throw new BackupError(
      `The backup file ${file} is damaged or not a backup (${(error as Error).message}). Nothing was restored.`,
    );
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(join(work, "manifest.json"), "utf8")) as Manifest;
  } catch {
    throw new BackupError(
      `The backup file ${file} has no readable manifest: it is damaged or not a backup. Nothing was restored.`,
    );
  }
  if (manifest.format !== BACKUP_FORMAT)
    throw new BackupError(
      `${file} is not a backup of this shop (format ${String(manifest.format)}). Nothing was restored.`,
    );
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const path of await filesUnder(work)) {
    if (path === "manifest.json") continue;
    const entry = listed.get(path);
    if (!entry)
      throw new BackupError(
        `The backup file is damaged: it holds ${path}, which its manifest does not list. Nothing was restored.`,
      );
    const full = join(work, path);
    if ((await stat(full)).size !== entry.bytes || (await sha256(full)) !== entry.sha256)
      throw new BackupError(`The backup file is damaged: ${path} does not match its checksum. Nothing was restored.`);
    listed.delete(path);
  }
  if (listed.size)
    throw new BackupError(
      `The backup file is damaged: ${[...listed.keys()][0]} is missing from it. Nothing was restored.`,
    );
  if (!knowsMigration(manifest.migration))
    throw new BackupError(
      `This backup comes from a newer version of the shop (migration ${manifest.migration}, which this code does not have): update the shop, then restore. Nothing was restored.`,
    );
  return manifest;
}

/**
 * Restores a backup into an empty database (DATABASE_URL) and an empty UPLOAD_DIR. A SQLite backup into SQLite is its
 * file put in place; any other pair is written row by row (a SQLite backup can be restored into PostgreSQL).
 */
export async function restoreBackup(file: string, options: RestoreOptions): Promise<RestoreResult> {
  const uploads = resolve(options.uploadDir);
  if ((await filesUnder(uploads)).length)
    throw new BackupError(
      `UPLOAD_DIR (${uploads}) is not empty: restore only into an empty folder. Nothing was changed.`,
    );
  await mkdir(dirname(uploads), { recursive: true });
  const work = await mkdtemp(join(dirname(uploads), ".restore-"));
  try {
    const manifest = await unpack(resolve(file), work);
    const target = await openEmptyTarget(options.databaseUrl);
    let tables: Record<string, number>;
    if (manifest.database === "sqlite" && databaseKind(options.databaseUrl) === "sqlite") {
      await target.destroy();
      const path = sqlitePath(options.databaseUrl);
      await mkdir(dirname(path), { recursive: true });
      await copyFile(join(work, "database.sqlite"), `${path}.restoring`);
      await rename(`${path}.restoring`, path);
      const restored = createDatabase(options.databaseUrl);
      try {
        tables = await rowCounts(restored, Object.keys(manifest.tables));
      } finally {
        await restored.destroy();
      }
    } else {
      const snapshot =
        manifest.database === "sqlite"
          ? createDatabase(`file:${join(work, "database.sqlite")}`, { readonly: true })
          : null;
      try {
        const source = snapshot ? databaseSource(snapshot) : jsonLinesSource(join(work, "database"));
        tables = await fill(target, options.databaseUrl, manifest.migration, source, manifest.tables, options.onTable);
      } finally {
        await snapshot?.destroy();
      }
      await target.destroy();
    }
    const files = manifest.files.filter((f) => f.path.startsWith("uploads/")).length;
    if (existsSync(join(work, "uploads"))) {
      // It holds no file (checked first), at most empty folders.
      await rm(uploads, { recursive: true, force: true });
      await rename(join(work, "uploads"), uploads);
    } else {
      await mkdir(uploads, { recursive: true });
    }
    return { manifest, tables, files };
  } finally {
    await removeWork(work);
  }
}

export type CopyResult = { migration: string; tables: Record<string, number> };

/**
 * `npm run db:copy`: the whole shop from one database into another, empty one (the move from SQLite to PostgreSQL).
 * The source is read as one snapshot (SQLite: a `VACUUM INTO` copy beside it, so a running shop is not held up), the
 * target migrated to the source's level and written in one transaction, and each table's rows counted on both sides.
 */
export async function copyDatabase(
  fromUrl: string,
  toUrl: string,
  onTable?: (table: string, rows: number) => void,
): Promise<CopyResult> {
  if (fromUrl === toUrl) throw new BackupError("The source and the target are the same database. Nothing was changed.");
  const source = createDatabase(fromUrl, { poolSize: 2 });
  let work: string | null = null;
  let snapshotDb: Db | null = null;
  try {
    let migration: string | null;
    try {
      migration = await migrationLevel(source);
    } catch (error) {
      throw new BackupError(`Cannot read the source database ${shownDatabaseUrl(fromUrl)}: ${reason(error)}.`);
    }
    if (!migration)
      throw new BackupError(`The source database ${shownDatabaseUrl(fromUrl)} has no tables: nothing to copy.`);
    if (!knowsMigration(migration))
      throw new BackupError(
        `The source database is from a newer version of the shop (migration ${migration}): update the shop first.`,
      );
    if (databaseKind(fromUrl) === "sqlite") {
      work = await mkdtemp(join(dirname(sqlitePath(fromUrl)), ".copy-"));
      const file = join(work, "snapshot.sqlite");
      await sqliteSnapshot(source, file);
      const snapshot = createDatabase(`file:${file}`, { readonly: true });
      snapshotDb = snapshot;
      const expected = await rowCounts(snapshot, await copiedTables(snapshot));
      const target = await openEmptyTarget(toUrl);
      const tables = await fill(target, toUrl, migration, databaseSource(snapshot), expected, onTable);
      await target.destroy();
      return { migration, tables };
    }
    // PostgreSQL: read in one snapshot, while the target is written.
    const target = await openEmptyTarget(toUrl);
    const tables = await source
      .transaction()
      .setIsolationLevel("repeatable read")
      .setAccessMode("read only")
      .execute(async (trx) => {
        const expected = await rowCounts(trx, await copiedTables(trx));
        return fill(target, toUrl, migration, databaseSource(trx), expected, onTable);
      });
    await target.destroy();
    return { migration, tables };
  } finally {
    await snapshotDb?.destroy();
    await source.destroy();
    if (work) await removeWork(work);
  }
}
