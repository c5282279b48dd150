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
 *
 * Written synchronously: pino's default stream writes in the background and, when the process exits, writes what
 * it still holds at once, ahead of a line already on its way; 'stopped' came out before 'shutting down'. One
 * `write` per line keeps every process's lines in order and loses none to `process.exit`.
 */
export function createLogger(level: string, options: { readable?: boolean } = {}): Logger {
  const settings: LoggerOptions = {
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
  };
  return options.readable ? pino(settings) : pino(settings, pino.destination({ dest: 1, sync: true }));
}
