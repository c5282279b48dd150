/**
 * Restoring a backup and moving the shop to another database (issue 37, docs/decisions/048). A restore checks every
 * checksum and the migration level before it writes anything, and writes only into an empty database and an empty
 * UPLOAD_DIR; a failure leaves them as they were. `copyDatabase` is `npm run db:copy`.
 */
import { existsSync } from "node:fs";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import * as tar from "tar";
import { createDatabase, databaseKind, shownDatabaseUrl, sqlitePath, type Db } from "~/db/database.server";
import { migrateTo } from "~/db/migrate.server";
import { dropEverything } from "~/db/reset.server";
import { jsonLinesSource, sqliteSnapshot } from "~/db/snapshot.server";
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
import { BACKUP_FORMAT, BackupError, filesUnder, removeWork, sha256, type Manifest } from "./backup-archive.server";

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
