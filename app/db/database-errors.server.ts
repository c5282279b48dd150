/**
 * Faults of the database itself, as opposed to faults of a request: the server is down or restarting, the network
 * dropped, the pool could not hand out a connection in time, or (SQLite) the disk is full, read-only or locked.
 * Such an error means "try again shortly" (503 with Retry-After), never "signed out" or "broken" (docs/decisions/011).
 */

/** Seconds a client is asked to wait before trying again when the database is unavailable. */
export const RETRY_AFTER_SECONDS = 30;

const NODE_NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
// 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down),
// 53300 too many connections, 25006 read-only transaction (a standby, or default_transaction_read_only).
const POSTGRES_CODES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);
// 53100 disk full, 53200 out of memory; class 08 is "connection exception", class 58 "system error" (I/O).
const POSTGRES_CLASSES = ["08", "58", "531", "532"];
const SQLITE_CODES = /^SQLITE_(FULL|READONLY|IOERR|BUSY|CANTOPEN|LOCKED|NOMEM)/;
const MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /connection (is )?(closed|ended)/i,
  /Cannot use a pool after calling end/i,
  /database or disk is full/i,
  /attempt to write a readonly database/i,
  /disk I\/O error/i,
];

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** Whether the error says the database cannot be used just now (rather than that the request was wrong). */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const code = codeOf(error);
  if (code) {
    if (NODE_NETWORK_CODES.has(code) || POSTGRES_CODES.has(code) || SQLITE_CODES.test(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && POSTGRES_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && MESSAGES.some((pattern) => pattern.test(message))) return true;
  // Wrapped errors: `cause`, and Node's AggregateError (a refused connection tried on IPv4 and IPv6).
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  if (cause && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
