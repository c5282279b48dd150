/** The backups module's queries: the record of each finished backup. */
import { sql } from "kysely";
import type { Db } from "~/db/database.server";
import type { BackupRunsTable } from "~/db/schema";

/** Records a finished backup; false when the database has no place for it yet (a shop not started since the change). */
export async function insertBackupRun(db: Db, run: BackupRunsTable): Promise<boolean> {
  try {
    await db.insertInto("backup_runs").values(run).execute();
    return true;
  } catch {
    return false;
  }
}

export const findLastBackupRun = (db: Db) =>
  db.selectFrom("backup_runs").selectAll().orderBy("finished_at", "desc").limit(1).executeTakeFirst();

/** Keeps the record of the last 100 backups. */
export const pruneBackupRuns = (db: Db) =>
  db
    .deleteFrom("backup_runs")
    .where("id", "not in", sql<string>`(select id from backup_runs order by finished_at desc limit 100)`)
    .execute();
