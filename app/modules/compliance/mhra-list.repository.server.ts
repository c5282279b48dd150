import type { Db } from "~/db/database.server";
import type { MhraListLoadsTable } from "~/db/schema-catalog";

// The MHRA list's queries (mhra_numbers and mhra_list_loads, migration 2026_11_26_0210).

const BATCH = 500;

/** Replaces the whole list with these numbers (call inside a transaction). */
export async function replaceNumbers(db: Db, numbers: Map<string, string>) {
  await db.deleteFrom("mhra_numbers").execute();
  const rows = [...numbers].map(([ecid, product]) => ({ ecid, product }));
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insertInto("mhra_numbers")
      .values(rows.slice(i, i + BATCH))
      .execute();
}

export function deleteNumbers(db: Db) {
  return db.deleteFrom("mhra_numbers").execute();
}

export function insertLoad(db: Db, row: MhraListLoadsTable) {
  return db.insertInto("mhra_list_loads").values(row).execute();
}

export async function countNumbers(db: Db): Promise<number> {
  const row = await db
    .selectFrom("mhra_numbers")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findNumber(db: Db, ecid: string) {
  return db.selectFrom("mhra_numbers").select(["ecid", "product"]).where("ecid", "=", ecid).executeTakeFirst();
}

export function findLatestLoad(db: Db) {
  return db
    .selectFrom("mhra_list_loads")
    .selectAll()
    .orderBy("loaded_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}
