import { isDatabaseUnavailable } from "~/db/database-errors.server";
import type { Logger } from "~/lib/log.server";

type Level = "debug" | "info" | "warn" | "error";

/**
 * Better Auth's log lines, into the shop's JSON log: only the message, never the arguments (they may hold request
 * data). A database that cannot be reached just now is a warning, as everywhere in the shop (decision 011): Better
 * Auth's session read logs the error it then throws as an error, and its join fallback logs a line of its own before
 * rethrowing; whoever catches that error logs it, as an error when it is one. Under load (two processes, hundreds of
 * sign-ins at once on PostgreSQL) a request may find no connection free in time: that is the shop's 503, not a fault.
 */
export function betterAuthLog(log: Logger) {
  return (level: Level, message: string, ...args: unknown[]) => {
    const unavailable =
      level === "error" &&
      (args.some((arg) => isDatabaseUnavailable(arg)) || message.startsWith("Failed to query fallback join"));
    log[unavailable ? "warn" : level]({ source: "better-auth" }, message);
  };
}
