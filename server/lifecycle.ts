import type { ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "~/lib/log.server";
import type { Mailer } from "~/lib/mailer.server";

export type CloseHook = () => Promise<void> | void;

/**
 * What a server copy knows about its own life: the requests it is answering, whether it is stopping, and what must
 * run before its database closes (docs/decisions/011).
 */
export function createLifecycle(log: Logger) {
  let stopping = false;
  const open = new Set<ServerResponse>();
  const background = new Set<Promise<unknown>>();
  const hooks: Array<{ name: string; hook: CloseHook }> = [];

  /** First middleware: counts requests; once stopping, every answer says `Connection: close`. */
  const middleware: RequestHandler = (_req, res, next) => {
    open.add(res);
    res.on("close", () => open.delete(res));
    if (stopping) res.setHeader("Connection", "close");
    next();
  };

  return {
    middleware,
    stopping: () => stopping,
    /** Requests being answered now. */
    inFlight: () => open.size,
    /** From now on: no keep-alive (answers not yet started included), and /healthz says 'stopping'. */
    drain() {
      stopping = true;
      for (const res of open) if (!res.headersSent) res.setHeader("Connection", "close");
    },
    /** Work a request started but does not wait for (a confirmation e-mail): waited for before the database closes. */
    track<T>(work: Promise<T>): Promise<T> {
      background.add(work);
      void work.then(
        () => background.delete(work),
        () => background.delete(work),
      );
      return work;
    },
    /** Runs before the database closes, after the last request, in the order added (e.g. stop a job worker). */
    beforeDatabaseClose(name: string, hook: CloseHook) {
      hooks.push({ name, hook });
    },
    async runCloseHooks() {
      if (background.size) await Promise.allSettled([...background]);
      for (const { name, hook } of hooks) {
        try {
          await hook();
        } catch (error) {
          log.error({ err: error, hook: name }, "a shutdown step failed");
        }
      }
    },
  };
}

export type Lifecycle = ReturnType<typeof createLifecycle>;

/** The same mailer, with each e-mail it is sending tracked, so shutdown waits for it before closing the database. */
export function trackedMailer(mailer: Mailer, lifecycle: Lifecycle): Mailer {
  return {
    transport: mailer.transport,
    close: () => mailer.close(),
    send: (mail) => lifecycle.track(mailer.send(mail)),
  };
}
