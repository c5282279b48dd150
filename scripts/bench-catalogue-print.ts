import {
  CATALOGUE_TARGETS,
  CONNECTIONS,
  errorCount,
  KB,
  ROUNDS,
  SECONDS,
  type CatalogueBenchResult,
} from "./bench-catalogue";
// The large-catalogue benchmark's table (scripts/bench-catalogue.ts measures).
type Range = { min: number; max: number };

/** Whole numbers from 100 up, so the table's columns stay readable. */
const figure = (n: number) => String(n >= 100 ? Math.round(n) : n);
export const show = (r: Range) => (r.min === r.max ? figure(r.min) : `${figure(r.min)}–${figure(r.max)}`);
const verdict = (met: boolean) => (met ? "met" : "NOT met");

export function printCatalogue(results: CatalogueBenchResult[]) {
  const t = CATALOGUE_TARGETS;
  for (const result of results) {
    const c = result.catalogue;
    console.log(
      `\nlarge catalogue on ${result.database}: ${c.devices.total + c.flavours.total} items (${c.devices.visible} devices and ${c.flavours.visible} flavours shown), page cache off, ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds (ranges)`,
    );
    console.log(
      "page                            requests/s    p50 ms         p95 ms         p99 ms         errors  HTML KB  gzip KB  p95 < 20 ms  HTML ≤ 150 KB",
    );
    for (const r of result.pages) {
      const cells = [
        r.name.padEnd(32),
        show(r.rps).padEnd(14),
        show(r.p50).padEnd(15),
        show(r.p95).padEnd(15),
        show(r.p99).padEnd(15),
        String(errorCount(r.errors)).padEnd(8),
        (r.htmlBytes / KB).toFixed(1).padStart(7),
        (r.gzipBytes / KB).toFixed(1).padStart(9),
        `  ${verdict(r.p95Met).padEnd(13)}`,
        verdict(r.htmlMet),
      ];
      const errors = Object.entries(r.errors)
        .map(([kind, n]) => `${kind}: ${n}`)
        .join(", ");
      console.log(
        cells.join("") + (r.status === 200 ? "" : `  (status ${r.status})`) + (errors ? `  (${errors})` : ""),
      );
    }
    for (const note of result.notes) console.log(`  (${note})`);
    console.log(
      `  (machine load, 1-minute average: ${result.load.before} when measuring began, ${result.load.after} at its end)`,
    );
    const slow = result.pages.filter((r) => !r.p95Met).length;
    const big = result.pages.filter((r) => !r.htmlMet).length;
    console.log(
      `  ${result.database}: p95 < ${t.p95Ms} ms (worst round): ${verdict(slow === 0)}${slow ? ` (${slow} of ${result.pages.length} pages over)` : ""}`,
    );
    console.log(
      `  ${result.database}: HTML ≤ ${t.htmlBytes / KB} KB: ${verdict(big === 0)}${big ? ` (${big} of ${result.pages.length} pages over)` : ""}`,
    );
    console.log(`  paths: ${result.pages.map((r) => r.path).join("  ")}`);
  }
}
