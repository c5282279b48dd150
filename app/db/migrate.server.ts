import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db } from "./database.server";
import * as catalog from "./migrations/2026_11_22_0001_catalog";

/** Every migration, by name; names sort by date so they run in order. */
const migrations: Record<string, Migration> = {
  "2026_11_22_0001_catalog": catalog,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
