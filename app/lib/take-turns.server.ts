/**
 * Long work in a request (reading a catalogue file of 100,000 rows, writing it in batches) lets the rest of the
 * process have its turn now and then: `setImmediate` lets waiting I/O (other requests, /healthz, the database's
 * answers) run before the work goes on, where an `await` of a settled promise would not (docs/decisions/069).
 */
import { setImmediate } from "node:timers/promises";

export const letOthersRun = (): Promise<void> => setImmediate();

/** Calls `letOthersRun` every `every` steps of a loop: `await turns.tick()` once a step. */
export function turnTaker(every: number) {
  let count = 0;
  return {
    async tick(): Promise<void> {
      if (++count % every === 0) await letOthersRun();
    },
  };
}

/**
 * `read` run over `items` a chunk at a time, letting others run between chunks (on SQLite a query runs in this
 * process, so a run of queries holds everything else up until it ends), the answers put together.
 */
export async function readInTurns<T, R>(items: readonly T[], size: number, read: (chunk: T[]) => Promise<R[]>) {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await letOthersRun();
    out.push(...(await read(items.slice(i, i + size))));
  }
  return out;
}
