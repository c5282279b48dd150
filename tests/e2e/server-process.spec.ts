import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort } from "./support/processes";

type Run = { code: number | null; output: string };

/** Starts the built server as `npm start` does, with extra environment; resolves when it exits. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["build/main.js"], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<Run>((resolve) => child.on("exit", (code) => resolve({ code, output })));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number) {
  // Up to 30 s: a start (migrations, image backfill) on a loaded 2-core machine.
  const healthy = () =>
    fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
  await expect
    .poll(healthy, { message: "server did not become healthy", timeout: 30_000, intervals: [100] })
    .toBe(true);
}

test.describe("the server process", () => {
  let dir: string;
  test.beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "shop-process-"));
  });
  test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("a bad setting stops the start with a message naming the variable", async () => {
    const { exited } = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: `file:${dir}/a.db`,
      SHOP_CURRENCY: "dollars",
    });
    const run = await exited;
    expect(run.code).toBe(1);
    expect(run.output).toContain("The shop cannot start.");
    expect(run.output).toContain("SHOP_CURRENCY");
  });

  test("an unreachable database stops the start and hides its password", async () => {
    const { exited } = startServer({
      PORT: String(await freePort()),
      DATABASE_URL: "postgres://shop:s3cret@127.0.0.1:1/shop",
    });
    const run = await exited;
    expect(run.code).toBe(1);
    expect(run.output).toContain("Cannot reach the database named by DATABASE_URL");
    expect(run.output).not.toContain("s3cret");
  });

  test("logs one line per request without query strings, warns once of a proxy it does not trust, and stops cleanly on SIGTERM", async () => {
    // A free port of its own: a server left over from an earlier run must not answer for this one.
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATABASE_URL: `file:${dir}/b.db` });
    try {
      await waitForHealth(port);
    } catch (error) {
      server.child.kill("SIGKILL");
      throw error;
    }
    const response = await fetch(`http://127.0.0.1:${port}/products?page=2&token=abc123secret`, {
      headers: { cookie: "age_verified=yes; session=cookie-value-secret" },
    });
    expect(response.status).toBe(200);
    await response.text();
    // Through a proxy on this machine (nginx without TRUST_PROXY=1, issue 65): one warning, however many requests.
    for (const client of ["198.51.100.7", "198.51.100.8"])
      await (await fetch(`http://127.0.0.1:${port}/about`, { headers: { "x-forwarded-for": client } })).text();
    server.child.kill("SIGTERM");
    const run = await server.exited;
    expect(run.code).toBe(0);
    const requestLine = run.output.split("\n").find((line) => line.includes('"path":"/products"'));
    expect(JSON.parse(requestLine!)).toMatchObject({
      method: "GET",
      path: "/products",
      status: 200,
      ms: expect.any(Number),
    });
    expect(run.output).not.toContain("abc123secret");
    expect(run.output).not.toContain("cookie-value-secret");
    expect(run.output).toContain('"msg":"stopped"');
    const warnings = run.output.split("\n").filter((line) => line.includes("TRUST_PROXY is off"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, proxy: "127.0.0.1" });
  });
});
