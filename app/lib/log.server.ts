import { pino, type Logger } from "pino";

export type { Logger };

/** One JSON line per event. Request logs carry method, path, status and duration only. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "cookie",
        "*.cookie",
        "headers.cookie",
        "headers.authorization",
      ],
      censor: "[redacted]",
    },
  });
}
