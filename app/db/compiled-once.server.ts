import type { Compilable, CompiledQuery } from "kysely";
import type { Db } from "./database.server";

/** The values a query compiled once may take: each stands for itself in the SQL (a `null` would be `is null`). */
export type QueryValue = string | number | bigint | boolean;

/** Stands in for the call's values while the query is built once. */
class Slot {
  constructor(readonly index: number) {}
}

/** The query compiled once, and for each of its parameters the call's value that goes there (-1: the query's own). */
type Compiled<Row> = { query: CompiledQuery<Row>; places: number[] };

/**
 * A query whose SQL never changes, only its values: built and compiled by Kysely once per database, then run with
 * each call's values (docs/decisions/065). Building and compiling a query cost more than SQLite's run of it on the
 * pages every signed-in request reads (the session, the cart). `build` must give the same SQL whatever the values,
 * so they are scalars only: no lists (an `in` list's length is in the SQL) and no null.
 */
export function compiledOnce<Params extends QueryValue[], Row>(
  build: (db: Db, ...values: Params) => Compilable<Row>,
): (db: Db, ...values: Params) => Promise<Row[]> {
  const compiled = new WeakMap<Db, Compiled<Row>>();
  const compile = (db: Db, count: number): Compiled<Row> => {
    const slots = Array.from({ length: count }, (_, index) => new Slot(index));
    const query = build(db, ...(slots as unknown as Params)).compile();
    const places = query.parameters.map((value) => (value instanceof Slot ? value.index : -1));
    for (const slot of slots)
      if (!places.includes(slot.index)) throw new Error(`compiledOnce: value ${slot.index} is not in the query's SQL`);
    return { query, places };
  };
  return async (db, ...values) => {
    for (const value of values)
      if (value === null || value === undefined || typeof value === "object")
        throw new TypeError("compiledOnce takes scalar values only");
    let entry = compiled.get(db);
    if (!entry) compiled.set(db, (entry = compile(db, values.length)));
    const { query, places } = entry;
    const parameters = query.parameters.map((value, i) => (places[i]! >= 0 ? values[places[i]!] : value));
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
