import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each([
    ["refused connection", withCode("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")],
    ["reset connection", withCode("ECONNRESET", "read ECONNRESET")],
    ["administrator shutdown", withCode("57P01", "terminating connection due to administrator command")],
    ["crash shutdown", withCode("57P02")],
    ["server starting up", withCode("57P03", "the database system is starting up")],
    ["connection exception class", withCode("08006")],
    ["connection does not exist", withCode("08003")],
    ["too many connections", withCode("53300")],
    ["disk full on PostgreSQL", withCode("53100")],
    ["read-only transaction", withCode("25006")],
    ["terminated connection", new Error("Connection terminated unexpectedly")],
    ["pool timeout", new Error("timeout exceeded when trying to connect")],
    ["SQLite disk full", withCode("SQLITE_FULL", "database or disk is full")],
    ["SQLite read-only", withCode("SQLITE_READONLY", "attempt to write a readonly database")],
    ["SQLite I/O", withCode("SQLITE_IOERR_WRITE", "disk I/O error")],
    ["SQLite busy", withCode("SQLITE_BUSY", "database is locked")],
    ["SQLite cannot open", withCode("SQLITE_CANTOPEN")],
    ["a wrapped cause", new Error("query failed", { cause: withCode("ECONNREFUSED") })],
    [
      "a refused connection on two addresses",
      Object.assign(new AggregateError([withCode("ECONNREFUSED")], ""), { code: undefined }),
    ],
  ])("%s is unavailable", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ["a unique violation", withCode("23505", "duplicate key value violates unique constraint")],
    ["a syntax error", withCode("42601", "syntax error at or near")],
    ["a missing table", withCode("42P01", 'relation "x" does not exist')],
    ["a SQLite constraint", withCode("SQLITE_CONSTRAINT_UNIQUE", "UNIQUE constraint failed: products.slug")],
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["nothing", undefined],
    ["a string", "ECONNREFUSED"],
  ])("%s is not", (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
