/**
 * Moving the shop's rows between databases (docs/decisions/048): the tables a backup holds and a copy writes, in the
 * order their foreign keys need; whether a database is empty; its migration level; and the copy itself, in batches,
 * each value written as the target's column type wants it (SQLite keeps booleans as 0/1 and times as text, PostgreSQL
 * as boolean and timestamptz). Used by `npm run backup`, `npm run restore` and `npm run db:copy`.
 */
import { sql } from "kysely";
import { isPostgres, type Db } from "./database.server";
import { migrationNames } from "./migrate.server";

/**
 * Tables never copied: the migrator's own, the catalogue's search index, which the target's triggers rebuild as the
 * devices and flavours are written (app/db/migrations/2026_11_24_0010_catalogue_search.ts), and Litestream's own
 * (`_litestream_seq`, `_litestream_lock`: docs/guide/continuous-backups.md).
 */
const NOT_COPIED =
  /^(kysely_migration|kysely_migration_lock|catalog_items|catalog_search.*|catalog_names.*|sqlite_.*|_litestream_.*)$/;

export type Row = Record<string, unknown>;

/** Every table of the database (copied or not). */
async function allTables(db: Db): Promise<string[]> {
  const rows = isPostgres(db)
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.rows.map((r) => r.name).sort();
}

/** Each table's foreign keys: the tables it refers to. */
async function references(db: Db, tables: string[]): Promise<Map<string, string[]>> {
  const refs = new Map(tables.map((t) => [t, [] as string[]]));
  if (isPostgres(db)) {
    const rows = await sql<{ tbl: string; ref: string }>`select c.relname as tbl, r.relname as ref
      from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
      where k.contype = 'f' and k.connamespace = 'public'::regnamespace`.execute(db);
    for (const { tbl, ref } of rows.rows) refs.get(tbl)?.push(ref);
  } else {
    for (const table of tables) {
      const rows = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
      refs.set(
        table,
        rows.rows.map((r) => r.table),
      );
    }
  }
  return refs;
}

/** The tables a backup holds and a copy writes, each after the tables it refers to. */
export async function copiedTables(db: Db): Promise<string[]> {
  const tables = (await allTables(db)).filter((t) => !NOT_COPIED.test(t));
  const refs = await references(db, tables);
  const ordered: string[] = [];
  const placed = new Set<string>();
  const visit = (table: string, path: Set<string>) => {
    if (placed.has(table) || path.has(table)) return;
    path.add(table);
    for (const ref of refs.get(table) ?? []) if (ref !== table && refs.has(ref)) visit(ref, path);
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

/** Whether the database holds no table at all: the only kind a restore or a copy writes into. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  return (await allTables(db)).length === 0;
}

/** The last migration the database has run (null: none), and whether this code knows it. */
export async function migrationLevel(db: Db): Promise<string | null> {
  if (!(await allTables(db)).includes("kysely_migration")) return null;
  const rows = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows.rows[0]?.name ?? null;
}

/** Whether this code has the migration (a backup from a newer shop has one it does not). */
export const knowsMigration = (name: string) => migrationNames().includes(name);

/** Rows per table. */
export async function rowCounts(db: Db, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(result.rows[0]!.n);
  }
  return counts;
}

/** A table's primary key columns, to read it in a stable order (empty: read in one go). */
async function keyColumns(db: Db, table: string): Promise<string[]> {
  if (isPostgres(db)) {
    const rows = await sql<{ name: string }>`select a.attname as name
      from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indrelid = ${`"${table}"`}::regclass and i.indisprimary`.execute(db);
    return rows.rows.map((r) => r.name).sort();
  }
  const rows = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  return rows.rows
    .filter((r) => r.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((r) => r.name);
}

/** The table's rows, a batch at a time, in primary key order (read by the caller's transaction for one snapshot). */
export async function* readRows(db: Db, table: string, batch = 2000): AsyncGenerator<Row[]> {
  const keys = await keyColumns(db, table);
  if (keys.length === 0) {
    const all = await sql<Row>`select * from ${sql.table(table)}`.execute(db);
    if (all.rows.length) yield all.rows;
    return;
  }
  const order = sql.join(keys.map((k) => sql.ref(k)));
  for (let offset = 0; ; offset += batch) {
    const rows =
      await sql<Row>`select * from ${sql.table(table)} order by ${order} limit ${batch} offset ${offset}`.execute(db);
    if (rows.rows.length) yield rows.rows;
    if (rows.rows.length < batch) return;
  }
}

/** Each column's declared type in the target ('boolean', 'timestamptz', 'timestamp with time zone', 'integer', …). */
async function columnTypes(db: Db, table: string): Promise<Map<string, string>> {
  const rows = isPostgres(db)
    ? await sql<{ name: string; type: string }>`select column_name as name, data_type as type
        from information_schema.columns where table_schema = 'public' and table_name = ${table}`.execute(db)
    : await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${table})`.execute(db);
  return new Map(rows.rows.map((r) => [r.name, r.type.toLowerCase()]));
}

/** A value as the target's column wants it. */
function asTarget(value: unknown, type: string, postgres: boolean): unknown {
  if (value === null || value === undefined) return null;
  if (!postgres) {
    if (typeof value === "boolean") return value ? 1 : 0;
    if (value instanceof Date) return value.toISOString();
    return value;
  }
  if (type.startsWith("bool") && typeof value === "number") return value !== 0;
  if (type.startsWith("timestamp") && typeof value === "number") return new Date(value).toISOString();
  return value;
}

/** Where rows come from: a database (read in its own snapshot) or a backup's table files. */
export type RowSource = { rows: (table: string) => AsyncIterable<Row[]> };

/**
 * Writes every table of `tables` from the source into the target (migrated to the source's level, in the caller's
 * transaction): rows the migrations put there first are replaced, then rows are inserted in batches, tables in
 * foreign-key order. Answers the rows written per table.
 */
export async function writeRows(
  target: Db,
  tables: string[],
  source: RowSource,
  onTable?: (table: string, rows: number) => void,
): Promise<Record<string, number>> {
  const postgres = isPostgres(target);
  for (const table of [...tables].reverse()) await sql`delete from ${sql.table(table)}`.execute(target);
  const written: Record<string, number> = {};
  for (const table of tables) {
    const types = await columnTypes(target, table);
    let count = 0;
    for await (const rows of source.rows(table)) {
      // Under PostgreSQL's 65,535 parameters per statement, and SQLite's 32,766.
      const size = Math.max(1, Math.min(500, Math.floor(30_000 / Math.max(1, types.size))));
      for (let i = 0; i < rows.length; i += size) {
        const values = rows.slice(i, i + size).map((row) => {
          const out: Row = {};
          for (const [column, value] of Object.entries(row)) {
            const type = types.get(column);
            if (type === undefined) throw new Error(`The table ${table} has no column ${column} here.`);
            out[column] = asTarget(value, type, postgres);
          }
          return out;
        });
        // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of the shop, named at run time
        await (target as any).insertInto(table).values(values).execute();
        count += values.length;
      }
    }
    written[table] = count;
    onTable?.(table, count);
  }
  return written;
}

/** A database as a row source. */
export const databaseSource = (db: Db): RowSource => ({ rows: (table) => readRows(db, table) });
