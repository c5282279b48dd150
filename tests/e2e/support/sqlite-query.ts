import Database from "better-sqlite3";
import type { Query } from "./http-shoppers";

/** Statements against a running shop's SQLite file, as a test's own short connection (it waits for the shop's locks). */
export const sqliteQuery =
  (file: string): Query =>
  async (text) => {
    const db = new Database(file);
    try {
      db.pragma("busy_timeout = 5000");
      return /^\s*select/i.test(text)
        ? (db.prepare(text).all() as Array<Record<string, unknown>>)
        : (db.prepare(text).run(), []);
    } finally {
      db.close();
    }
  };
