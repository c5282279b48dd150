// npx tsx bench/time-sqlite-parameters.ts: what one run of a statement costs on the SQLite that better-sqlite3 ships,
// with its parameters written `?` and `+?` (docs/decisions/062). Run it again when better-sqlite3 moves: if `?` costs
// what `+?` does for every shape, SQLite plans a statement once again and the shop's `+?` can go.
import "../scripts/require-node.mjs";
import SqliteDatabase from "better-sqlite3";

const RUNS = 20_000;
const ROUNDS = 3;

const db = new SqliteDatabase(":memory:");
db.exec(`
  create table user (id text primary key, name text);
  create table session (id text primary key, token text unique, user_id text references user (id));
  create table cart_lines (user_id text, item_id text, quantity integer, created_at text, primary key (user_id, item_id));
  insert into user values ('u1', 'Ann'), ('u2', 'Bob');
  insert into session values ('s1', 'token-1', 'u1'), ('s2', 'token-2', 'u2');
  insert into cart_lines values ('u1', 'i1', 1, '2026-11-01'), ('u1', 'i2', 2, '2026-11-02'), ('u2', 'i1', 1, '2026-11-03');
`);

const shapes: Array<[name: string, text: string, values: unknown[]]> = [
  ["one table, one row by key", "select name from user where id = ?", ["u1"]],
  [
    "a join (the session read)",
    "select s.id, u.name from session s join user u on u.id = s.user_id where s.token = ?",
    ["token-1"],
  ],
  ["an order by (the cart)", "select * from cart_lines where user_id = ? order by created_at, item_id", ["u1"]],
  ["a limit", "select id from user order by id limit ?", [1]],
];

/** Microseconds a run, the statement prepared once and run RUNS times. */
function time(text: string, values: unknown[]): number {
  const statement = db.prepare(text);
  for (let i = 0; i < 1000; i++) statement.all(...values);
  const started = process.hrtime.bigint();
  for (let i = 0; i < RUNS; i++) statement.all(...values);
  return Number(process.hrtime.bigint() - started) / RUNS / 1000;
}

const { sqlite_version } = db.prepare("select sqlite_version() as sqlite_version").get() as { sqlite_version: string };
console.log(`SQLite ${sqlite_version}, ${RUNS} runs a statement, ${ROUNDS} rounds (µs a run, ranges)`);
console.log("statement                      ?              +?");
for (const [name, text, values] of shapes) {
  const bare: number[] = [];
  const plus: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    bare.push(time(text, values));
    plus.push(time(text.replaceAll("?", "+?"), values));
  }
  const show = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
  console.log(`${name.padEnd(31)}${show(bare).padEnd(15)}${show(plus)}`);
}
