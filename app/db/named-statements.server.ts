import type pg from "pg";
import { isInFailedTransaction, isStalePreparedStatement } from "./errors.server";

/**
 * PostgreSQL's statements prepared once on each connection, by name, instead of parsed and planned for every query
 * (docs/decisions/059). The shop asks the same few dozen texts again and again, and planning them cost more than
 * running them: the `/flavours` listing 0.82–1.18 ms as an unnamed statement, 0.20–0.43 ms prepared.
 */

/** At most this many texts are named (about 40 KB each on every connection that runs them); new texts past it are not. */
export const NAMED_STATEMENTS_MAX = 200;

export type StatementNamer = {
  /** The name the text is prepared under, or undefined to parse and plan it each time. */
  nameOf(text: string): string | undefined;
  /** A new name for a text whose prepared statement no longer fits the schema (its columns changed since). */
  rename(text: string): string;
};

/**
 * Names the statements a query builder sends: reads and writes only (not transaction control or schema changes), and
 * never a full-text search, whose best plan depends on how many rows its words match (a plan kept for one word would
 * serve every other). Names are kept for the process: the shop's texts are few, and a text that varies (an `in` list of
 * each length, a batch insert) stops being named at `max`.
 */
export function statementNamer(max: number): StatementNamer {
  const names = new Map<string, string>();
  let made = 0;
  const next = (text: string) => {
    const name = `shop_${++made}`;
    names.set(text, name);
    return name;
  };
  return {
    nameOf(text) {
      const name = names.get(text);
      if (name !== undefined || names.size >= max) return name;
      return /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.includes("to_tsquery(")
        ? next(text)
        : undefined;
    },
    rename: next,
  };
}

export const statementNames = statementNamer(NAMED_STATEMENTS_MAX);

/**
 * A pooled connection's queries from Kysely (a text and its values) sent as named statements where `namer` says;
 * anything else as it was. A statement the schema outgrew is prepared again under a new name and asked again: outside a
 * transaction that answers the query; inside one PostgreSQL has already failed the transaction (the retry is refused),
 * and its first error is the one told.
 */
export function nameStatements(client: pg.PoolClient, namer: StatementNamer) {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  const named = async (name: string, text: string, values: unknown[]) => {
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!isStalePreparedStatement(error)) throw error;
      return await query({ name: namer.rename(text), text, values }).catch((again: unknown) => {
        throw isInFailedTransaction(again) ? error : again;
      });
    }
  };
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name = typeof text === "string" && Array.isArray(values) ? namer.nameOf(text) : undefined;
    return name ? named(name, text as string, values as unknown[]) : query(...args);
  }) as typeof client.query;
}
