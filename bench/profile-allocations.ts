// npx tsx bench/profile-allocations.ts PATH… : what one server process allocates and spends on a page, per request.
// Starts the production build (npm run build) on DATABASE_URL (default: the SQLite file of `npm start`) as one process
// with the page cache off and its inspector on a local port, loads each PATH (4 connections, PROFILE_REQUESTS requests,
// default 2,000, after as many to warm up), and prints for each: CPU ms a request (from /proc, Linux) and the bytes
// allocated a request from V8's sampling heap profiler, counting what minor and major GC have already collected (what
// makes the collector run), by area (a package, Node itself, the shop's code) and by function. The figures of
// docs/benchmarks.md ("What a rendered page costs, one process") were taken this way; earlier ones in its history
// ("What a rendered page is made of") on a 10,000-item catalogue (bench/catalogue-generator.ts). PROFILE_NODE_ARGS: extra flags for the server (e.g. "--max-semi-space-size=32");
// PROFILE_COOKIE: cookies sent besides the age answer (a signed-in shopper's session, for /cart or /account).
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { BENCH_PORT, waitForHealth } from "./bench-support";
import { areaOf, whereOf } from "./profile-summary";

type AllocationNode = {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: AllocationNode[];
};

const REQUESTS = Number(process.env.PROFILE_REQUESTS ?? 2_000);
const PORT = BENCH_PORT + 5;
const INSPECTOR_PORT = BENCH_PORT + 6;
const BASE = `http://127.0.0.1:${PORT}`;

/** One DevTools protocol session on the server's inspector. */
async function inspector() {
  const targets = (await (await fetch(`http://127.0.0.1:${INSPECTOR_PORT}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(targets[0]!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string } };
    const waiting = message.id === undefined ? undefined : pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id!);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  });
  let id = 0;
  return {
    send: <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve, reject) => {
        pending.set(++id, { resolve: resolve as (result: unknown) => void, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** The server's CPU time so far in ms (all its threads), from /proc. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const load = (path: string, amount: number) =>
  autocannon({
    url: BASE + path,
    connections: 4,
    amount,
    headers: {
      cookie: ["age_verified=yes", process.env.PROFILE_COOKIE].filter(Boolean).join("; "),
      "accept-encoding": "gzip",
    },
  });

/** Sizes by key, largest first, as "KB a request  share  key" lines. */
function top(sizes: Map<string, number>, total: number, requests: number, n: number): string[] {
  return [...sizes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([key, bytes]) =>
        `${(bytes / requests / 1024).toFixed(1).padStart(8)} KB ${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${key}`,
    );
}

export function summariseAllocations(head: AllocationNode, requests: number): string[] {
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  const walk = (node: AllocationNode) => {
    const area = areaOf(node.callFrame.url, node.callFrame.functionName);
    const where = whereOf(node.callFrame);
    total += node.selfSize;
    byArea.set(area, (byArea.get(area) ?? 0) + node.selfSize);
    byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child);
  };
  walk(head);
  return [
    `allocated: ${(total / requests / 1024).toFixed(0)} KB a request`,
    "by area",
    ...top(byArea, total, requests, 12),
    "by function (self)",
    ...top(byFunction, total, requests, 25),
  ];
}

async function main(paths: string[]) {
  if (paths.length === 0) throw new Error("usage: npx tsx bench/profile-allocations.ts PATH…  (e.g. /flavours)");
  const extra = (process.env.PROFILE_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [`--inspect=127.0.0.1:${INSPECTOR_PORT}`, ...extra, "build/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      WEB_CONCURRENCY: "1",
      PAGE_CACHE_ENTRIES: "0",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "ignore"],
  });
  try {
    await waitForHealth(BASE);
    for (const path of paths) {
      await load(path, REQUESTS);
      const before = cpuMs(server.pid!);
      const timed = await load(path, REQUESTS);
      const cpu = (cpuMs(server.pid!) - before) / REQUESTS;
      // The inspector's session only while sampling: the CPU figure above is the server's alone.
      const session = await inspector();
      let sampled: autocannon.Result;
      let head: AllocationNode;
      try {
        await session.send("HeapProfiler.startSampling", {
          samplingInterval: 4096,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: true,
        });
        sampled = await load(path, REQUESTS);
        head = (await session.send<{ profile: { head: AllocationNode } }>("HeapProfiler.stopSampling")).profile.head;
      } finally {
        session.close();
      }
      const failed = timed.non2xx + timed.errors + sampled.non2xx + sampled.errors;
      console.log(
        `\n${path}: ${cpu.toFixed(2)} ms of CPU a request (${REQUESTS} requests, ${Math.round(timed.requests.average)}/s)${failed ? `; ${failed} failed or not 2xx` : ""}`,
      );
      for (const line of summariseAllocations(head, sampled.requests.total)) console.log(line);
    }
  } finally {
    server.kill("SIGTERM");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
