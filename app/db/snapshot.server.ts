/**
 * A consistent copy of a running shop's database (docs/decisions/048), taken without stopping it or refusing anyone:
 * SQLite by `VACUUM INTO` (one read transaction: writers go on in WAL mode; never a copy of the live file), PostgreSQL
 * as one snapshot (a read-only repeatable-read transaction) written as a file of JSON lines per table.
 */
import { createReadStream, createWriteStream } from "node:fs";
import { once } from "node:events";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import type { Db } from "./database.server";
import { copiedTables, migrationLevel, readRows, rowCounts, type Row, type RowSource } from "./transfer.server";

export type Snapshot = { migration: string | null; tables: Record<string, number> };

/** SQLite: the whole database into a new file (which must not exist). */
export async function sqliteSnapshot(db: Db, file: string): Promise<void> {
  await sql.raw(`vacuum into '${file.replaceAll("'", "''")}'`).execute(db);
}

/** The table file a PostgreSQL snapshot writes for each table. */
export const tableFile = (table: string) => `${table}.jsonl`;

/** PostgreSQL: every table's rows, the row counts and the migration level, all from one snapshot. */
export async function postgresSnapshot(db: Db, dir: string): Promise<Snapshot> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .setAccessMode("read only")
    .execute(async (trx) => {
      const tables = await copiedTables(trx);
      const snapshot: Snapshot = { migration: await migrationLevel(trx), tables: await rowCounts(trx, tables) };
      for (const table of tables) {
        const out = createWriteStream(join(dir, tableFile(table)));
        const failed = once(out, "error").then(([error]) => Promise.reject(error as Error));
        failed.catch(() => {}); // awaited below, with the writes; never an unhandled rejection meanwhile
        for await (const rows of readRows(trx, table)) {
          for (const row of rows)
            if (!out.write(`${JSON.stringify(row)}\n`)) await Promise.race([once(out, "drain"), failed]);
        }
        out.end();
        await Promise.race([once(out, "finish"), failed]);
      }
      return snapshot;
    });
}

/** A PostgreSQL snapshot's table files as a row source (a table without its file has no rows). */
export function jsonLinesSource(dir: string, batch = 1000): RowSource {
  return {
    async *rows(table: string) {
      const lines = createInterface({ input: createReadStream(join(dir, tableFile(table))), crlfDelay: Infinity });
      let rows: Row[] = [];
      for await (const line of lines) {
        if (!line) continue;
        rows.push(JSON.parse(line) as Row);
        if (rows.length >= batch) {
          yield rows;
          rows = [];
        }
      }
      if (rows.length) yield rows;
    },
  };
}
