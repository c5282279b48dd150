// The built server as its own process (node build/main.js, as `npm start` runs it), for tests of the process itself.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { expect } from "@playwright/test";
import { OPEN_ORDER_LIMITS } from "../../../app/testing/open-order-limits";

export type ShopProcess = {
  port: number;
  base: string;
  child: ReturnType<typeof spawn>;
  output: () => string;
  exited: Promise<{ code: number | null; output: string }>;
};

/** A port nobody listens on now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Starts build/main.js with extra environment. SHOP_MAIN_JS runs another build instead (e.g. an older commit's, to
 * see these tests fail without the fix).
 */
export function startShop(
  env: Record<string, string> & { PORT: string },
  options: { clock?: string } = {},
): ShopProcess {
  const main = process.env.SHOP_MAIN_JS ?? "build/main.js";
  const child = spawn(process.execPath, [main], {
    // One process unless a test asks for more (the default is one per CPU).
    // Its shoppers place orders in a loop and pay none: the limits on orders are opened unless a test sets them.
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "info",
      WEB_CONCURRENCY: "1",
      ...OPEN_ORDER_LIMITS,
      ...env,
      ...(options.clock && fakeClock(options.clock)),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("exit", (code) => resolve({ code, output })),
  );
  const port = Number(env.PORT);
  return { port, base: `http://127.0.0.1:${port}`, child, output: () => output, exited };
}

/**
 * The environment that starts a process's system clock at `at` (UTC, "2027-03-31 23:00:05") and lets it run on, with
 * Debian's libfaketime (`apt-get install faketime`) preloaded into the process itself: the shop stays the process
 * this test started (the `faketime` command would start it as a child, which a SIGTERM to the parent does not stop).
 */
export function fakeClock(at: string): Record<string, string> {
  const library = ["x86_64-linux-gnu", "aarch64-linux-gnu"]
    .map((arch) => `/usr/lib/${arch}/faketime/libfaketime.so.1`)
    .find((path) => existsSync(path));
  if (!library) throw new Error("libfaketime not found: apt-get install faketime");
  return { LD_PRELOAD: library, FAKETIME: `@${at}`, FAKETIME_DONT_RESET: "1", TZ: "UTC" };
}

/** Waits until /healthz answers 200 (or the process exits, or the time is up). */
export async function waitForHealth(shop: Pick<ShopProcess, "base" | "child" | "output">, timeoutMs = 30_000) {
  const healthy = async () => {
    if (shop.child.exitCode !== null)
      throw new Error(`the server exited (${shop.child.exitCode}):\n${shop.output().slice(-2000)}`);
    return fetch(`${shop.base}/healthz`).then(
      (response) => response.ok,
      () => false,
    ); // false: not listening yet
  };
  try {
    await expect.poll(healthy, { timeout: timeoutMs, intervals: [100] }).toBe(true);
  } catch (error) {
    if (shop.child.exitCode !== null) throw error;
    throw new Error(`the server did not become healthy:\n${shop.output().slice(-2000)}`, { cause: error });
  }
}
