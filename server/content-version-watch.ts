import type { Logger } from "~/lib/log.server";

/** The storefront content version as this server copy last read it, refreshed in the background. */
export type ContentVersion = {
  /** undefined until first read. */
  current: () => number | undefined;
  /** The last read failed: the database cannot be reached (cached pages are then served whatever their age). */
  databaseDown: () => boolean;
  /** Reads it now (after this copy's own writes, so its next page shows them at once). */
  refresh: () => Promise<void>;
  /** No more reads; resolves once the read in flight (if any) has finished, so the database may close after it. */
  stop: () => Promise<void>;
};

/**
 * Polls the content version every `pollMs` (docs/decisions/017): one indexed single-row read a second per server
 * copy, instead of one per page view. A staff change on any copy shows on every copy within `pollMs`.
 */
export function watchContentVersion(read: () => Promise<number>, pollMs: number, log: Logger): ContentVersion {
  let current: number | undefined;
  let down = false;
  let inFlight: Promise<void> | undefined;
  let stopped = false;
  const refresh = async () => {
    if (stopped) return;
    await (inFlight ??= read()
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
  };
  const timer = setInterval(() => void refresh(), pollMs);
  timer.unref();
  void refresh();
  /**
   * The read in flight is waited for: closing the database under it (PostgreSQL: ending the pool while the read waits
   * for a connection) left it to time out 5 s later and log 'content version unreadable' on a clean start, from the
   * cluster's primary, which prepares the database and closes it at once (issue 65).
   */
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await inFlight;
  };
  return { current: () => current, databaseDown: () => down, refresh, stop };
}
