import type { Logger } from "~/lib/log.server";

/** The storefront content version as this server copy last read it, refreshed in the background. */
export type ContentVersion = {
  /** undefined until first read. */
  current: () => number | undefined;
  /** The last read failed: the database cannot be reached (cached pages are then served whatever their age). */
  databaseDown: () => boolean;
  /** Reads it now (after this copy's own writes, so its next page shows them at once). */
  refresh: () => Promise<void>;
  stop: () => void;
};

/**
 * Polls the content version every `pollMs` (docs/decisions/017): one indexed single-row read a second per server
 * copy, instead of one per page view. A staff change on any copy shows on every copy within `pollMs`.
 */
export function watchContentVersion(read: () => Promise<number>, pollMs: number, log: Logger): ContentVersion {
  let current: number | undefined;
  let down = false;
  let inFlight: Promise<void> | undefined;
  const refresh = () =>
    (inFlight ??= read()
      .then(
        (version) => {
          if (down) log.info("content version readable again");
          current = version;
          down = false;
        },
        (error: Error) => {
          if (!down)
            log.warn({ reason: error.message }, "content version unreadable: serving cached pages as they are");
          down = true;
        },
      )
      .finally(() => {
        inFlight = undefined;
      }));
  const timer = setInterval(() => void refresh(), pollMs);
  timer.unref();
  void refresh();
  return { current: () => current, databaseDown: () => down, refresh, stop: () => clearInterval(timer) };
}
