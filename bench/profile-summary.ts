// npx tsx bench/profile-summary.ts FILE.cpuprofile [more files…]: where a server process spent its CPU, from V8's
// profiles (node --cpu-prof; the benchmarks take BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"). Self time by area
// (a package under node_modules, the shop's own folders, Node itself, idle and garbage collection) and the top
// functions, as shares of the busy time, so profiles taken before and after a change can be set side by side.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export function areaOf(url: string, name: string): string {
  if (name === "(idle)" || name === "(program)" || name === "(garbage collector)") return name;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith("node:") || url === "") return "node (built-in)";
  const own = /\/build\/(server|client)\//.exec(url) ? "the shop (build/server)" : null;
  if (own) return own;
  const folder = /\/(app|server|scripts|bench)\/([^/]+)/.exec(url);
  return folder ? `${folder[1]}/${folder[2]}` : url;
}

/** A function as the summaries name it: its name, then its file's folder and name, and its line (from 1). */
export function whereOf({ functionName, url, lineNumber }: ProfileNode["callFrame"]): string {
  return `${functionName || "(anonymous)"} ${url.split("/").slice(-2).join("/")}:${lineNumber + 1}`;
}

function summarise(files: string[]) {
  const byArea = new Map<string, number>();
  const byCaller = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let busy = 0;
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
    // Node's own work (a socket write, a hash) counted to the package or folder that asked for it.
    const callerArea = (id: number): string => {
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const { url, functionName } = nodes.get(at)!.callFrame;
        const area = areaOf(url, functionName);
        if (area !== "node (built-in)") return area;
      }
      return "node (built-in)";
    };
    profile.samples.forEach((id, i) => {
      const node = nodes.get(id)!;
      const micros = profile.timeDeltas[i] ?? 0;
      const { functionName, url } = node.callFrame;
      const area = areaOf(url, functionName);
      total += micros;
      if (area === "(idle)") return;
      busy += micros;
      byArea.set(area, (byArea.get(area) ?? 0) + micros);
      const caller = callerArea(id);
      byCaller.set(caller, (byCaller.get(caller) ?? 0) + micros);
      const where = whereOf(node.callFrame);
      byFunction.set(where, (byFunction.get(where) ?? 0) + micros);
    });
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([key, micros]) =>
          `${((micros / busy) * 100).toFixed(1).padStart(5)} %  ${(micros / 1000).toFixed(0).padStart(7)} ms  ${key}`,
      );
  console.log(`${files.length} profile(s): ${(total / 1e6).toFixed(1)} s, busy ${((busy / total) * 100).toFixed(0)} %`);
  console.log("\nself time by area (share of busy time)");
  for (const line of top(byArea, 25)) console.log(line);
  console.log("\nthe same, with Node's built-in work counted to the package or folder that called it");
  for (const line of top(byCaller, 25)) console.log(line);
  console.log("\ntop functions (self time)");
  for (const line of top(byFunction, 30)) console.log(line);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) summarise(process.argv.slice(2));
