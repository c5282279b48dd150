/** The code a database error carries (PostgreSQL's SQLSTATE, SQLite's name), if any. */
const codeOf = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** A unique-constraint error from either database (two saves racing for the same key). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * PostgreSQL refusing, on every later run, a prepared statement whose result's columns changed (`select *` after a
 * column was added by another server copy's migration). The statement did not run.
 */
export const isStalePreparedStatement = (error: unknown) =>
  codeOf(error) === "0A000" && /cached plan must not change result type/.test(String(error));

/** PostgreSQL refusing a statement in a transaction an earlier error has already failed. */
export const isInFailedTransaction = (error: unknown) => codeOf(error) === "25P02";
