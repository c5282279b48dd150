import { data } from "react-router";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "~/db/database-errors.server";
import type { Logger } from "./log.server";

export { isDatabaseUnavailable, RETRY_AFTER_SECONDS };

/** Shown to shoppers (and sent to scripts) while the database cannot be reached. */
export const unavailableMessage =
  "We'll be right back: the shop cannot reach its records just now. Please try again in a minute.";

const answers = new WeakSet<object>();

/** Logs a database fault at warn level: one short line, no stack trace (there would be one per request). */
export function warnUnavailable(log: Logger, error: unknown, where: string) {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  log.warn({ code, reason: typeof message === "string" ? message : String(error), where }, "database unavailable");
}

/**
 * Logs a failure of background work (an e-mail after an order): a database fault as one line without a stack
 * (one per request during an outage), anything else as an error with its stack.
 */
export function logFailure(log: Logger, error: unknown, fields: Record<string, unknown>, message: string) {
  if (!isDatabaseUnavailable(error)) return log.error({ err: error, ...fields }, message);
  const { code, message: reason } = (error ?? {}) as { code?: unknown; message?: unknown };
  log.warn({ ...fields, code, reason, databaseUnavailable: true }, message);
}

/**
 * The one answer to "the database cannot be reached" in React Router: 503 with Retry-After, rendered by the root
 * ErrorBoundary as 'We'll be right back'. Throw what this returns.
 */
export function databaseUnavailable(log: Logger, error: unknown, where: string) {
  warnUnavailable(log, error, where);
  const answer = data(
    { message: unavailableMessage },
    { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } },
  );
  answers.add(answer);
  return answer;
}

/** Whether a thrown value is a database fault or the 503 answer made from one. */
export const isUnavailable = (error: unknown): boolean =>
  (typeof error === "object" && error !== null && answers.has(error)) || isDatabaseUnavailable(error);
