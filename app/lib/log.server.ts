import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

/**
 * Development's log (`npm run dev`): one readable line per event, by pino-pretty (a development dependency, loaded
 * by name only when asked for), in a worker thread of pino's own.
 */
const readable: LoggerOptions["transport"] = {
  target: "pino-pretty",
  options: { singleLine: true, translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" },
};

/**
 * One JSON line per event (production, `npm start`), or a readable line with `readable: true` (development).
 * Request logs carry method, path, status and duration only.
 */
export function createLogger(level: string, options: { readable?: boolean } = {}): Logger {
  return pino({
    level,
    base: undefined,
    transport: options.readable ? readable : undefined,
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
