import { pino, type Logger, type LoggerOptions } from "pino";

export type { Logger };

function settings(level: string): LoggerOptions {
  return {
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
  };
}

/**
 * One JSON line per event (production, `npm start`). Request logs carry method, path, status and duration only.
 *
 * Written synchronously: pino's default stream writes in the background and, when the process exits, writes what
 * it still holds at once, ahead of a line already on its way; 'stopped' came out before 'shutting down'. One
 * `write` per line keeps every process's lines in order and loses none to `process.exit`.
 */
export function createLogger(level: string): Logger {
  return pino(settings(level), pino.destination({ dest: 1, sync: true }));
}

/**
 * Development's log (`npm run dev`): one readable line per event, by pino-pretty (a development dependency, imported
 * only here). Formatted and written in this thread, synchronously, for the same reason as above: as pino's transport
 * (a worker thread) the last line, 'stopped', was sometimes lost when the process exited right after it
 * (pinojs/pino#2054).
 */
export async function createReadableLogger(level: string): Promise<Logger> {
  const { default: pretty } = await import("pino-pretty");
  const stream = pretty({
    singleLine: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname",
    destination: 1,
    sync: true,
  });
  return pino(settings(level), stream);
}
