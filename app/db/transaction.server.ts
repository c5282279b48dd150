import { ControlledTransaction } from "kysely";
import type { Db } from "./database.server";

let savepoints = 0;

/**
 * Runs `work` in a transaction that commits when it returns a success and rolls back when it returns a failure
 * (`{ ok: false, … }`, app/lib/result.ts), so no exception is thrown only to undo a write (docs/decisions/074). An
 * exception (a bug, a lost database) rolls back too and goes on up.
 *
 * Called inside another `inTransaction`, the work gets a savepoint: its failure undoes its own writes only, and the
 * outer work decides for the rest. Called inside a transaction that is not one of these (Kysely's
 * `db.transaction().execute`), the work joins it and the caller's transaction decides.
 */
export async function inTransaction<R extends { ok: boolean }>(db: Db, work: (trx: Db) => Promise<R>): Promise<R> {
  if (db instanceof ControlledTransaction) return inSavepoint(db, work);
  if (db.isTransaction) return work(db);
  const trx = await db.startTransaction().execute();
  let result: R;
  try {
    result = await work(trx);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  await (result.ok ? trx.commit() : trx.rollback()).execute();
  return result;
}

async function inSavepoint<R extends { ok: boolean }>(
  trx: ControlledTransaction<unknown>,
  work: (trx: Db) => Promise<R>,
): Promise<R> {
  const name = `work_${++savepoints}`;
  const inner = await trx.savepoint(name).execute();
  let result: R;
  try {
    result = await work(inner as unknown as Db);
  } catch (error) {
    await inner.rollbackToSavepoint(name).execute();
    throw error;
  }
  if (result.ok) await inner.releaseSavepoint(name).execute();
  else await inner.rollbackToSavepoint(name).execute();
  return result;
}
