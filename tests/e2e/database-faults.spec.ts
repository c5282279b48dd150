// The built server against a PostgreSQL server of the test's own, which the tests stop and start (decision 011).
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import {
  get,
  newShopper,
  post,
  placeOrder,
  readyToOrder,
  sellableFlavour,
  type OrderAnswer,
} from "./support/http-shoppers";
import { freePort, startShop, waitForHealth } from "./support/processes";

test.describe("the shop on a database that goes away", () => {
  test.describe.configure({ mode: "serial" });
  let pg: OwnPostgres;
  test.beforeAll(async () => {
    pg = await startOwnPostgres();
  });
  test.afterAll(() => pg?.destroy());

  test("PostgreSQL stopped while orders are placed: the process lives, answers 503, and takes orders again when it returns", async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const url = await pg.createDatabase("faults");
    const shop = startShop({
      PORT: String(await freePort()),
      DATABASE_URL: url,
      TRUST_PROXY: "1",
      DATABASE_POOL_SIZE: "8",
    });
    try {
      await waitForHealth(shop);
      const flavour = await sellableFlavour((text) => pg.query(url, text));
      const shoppers = await Promise.all(
        Array.from({ length: 6 }, () => newShopper(shop.base, flavour, (text) => pg.query(url, text))),
      );

      // Placements keep running while the database is stopped under them (sessions end with 57P01).
      let placing = true;
      const answers: Array<OrderAnswer | "network error"> = [];
      const placements = shoppers.map(async (shopper) => {
        while (placing) {
          try {
            await readyToOrder(shopper, flavour);
            answers.push(await placeOrder(shopper));
          } catch {
            answers.push("network error");
          }
        }
      });
      // Orders are being taken (as many as there are shoppers), then the database stops under them; the placements go
      // on until as many have been answered 503 since.
      const taken = () => answers.filter((a) => a !== "network error" && a.ok).length;
      await expect.poll(taken, { timeout: 60_000 }).toBeGreaterThanOrEqual(shoppers.length);
      pg.stop("fast");
      const atStop = answers.length;
      const refused = () => answers.slice(atStop).filter((a) => a !== "network error" && a.status === 503).length;
      await expect.poll(refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(shoppers.length);
      placing = false;
      await Promise.all(placements);
      expect(shop.child.exitCode, shop.output().slice(-3000)).toBeNull();
      expect(answers.filter((a) => a !== "network error" && a.ok).length).toBeGreaterThan(0);
      expect(answers.filter((a) => a === "network error")).toEqual([]);
      expect(answers.filter((a) => a !== "network error" && (a.status === 401 || a.status === 500))).toEqual([]);

      // While it is down: 'unavailable', never 'signed out' and never 'broken'.
      const [shopper] = shoppers;
      const cart = await get(shopper!, "/cart");
      expect(cart.status).toBe(503);
      expect(cart.headers.get("location")).toBeNull();
      expect(cart.headers.get("retry-after")).toBe("30");
      expect(await cart.text()).toContain("We'll be right back");
      const context = await browser.newContext();
      const cookies = `age_verified=yes; ${shopper!.cookie}`.split("; ").map((pair) => pair.split("="));
      await context.addCookies(cookies.map(([name, value]) => ({ name: name!, value: value!, url: shop.base })));
      const tab = await context.newPage();
      const shown = await tab.goto(`${shop.base}/cart`);
      expect(shown?.status()).toBe(503);
      await expect(tab.getByRole("heading", { name: "We'll be right back" })).toBeVisible();
      await expect(tab.getByRole("link", { name: "Try again" })).toBeVisible();
      await context.close();
      const order = await placeOrder(shopper!);
      expect(order).toMatchObject({ status: 503, ok: false, retryAfter: "30" });
      expect(order.message).toMatch(/try again shortly/i);
      expect(order.message).toMatch(/nothing was charged/i);
      const page = await fetch(`${shop.base}/products`, { headers: { cookie: "age_verified=yes" } });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");
      const signIn = await post(
        shop.base,
        "/signin",
        { email: "someone@example.com", password: "a password 123", redirectTo: "/" },
        "",
        "198.18.9.9",
      );
      expect(signIn.status).toBe(503);
      const contact = await post(
        shop.base,
        "/contactus",
        {
          firstName: "Sam",
          lastName: "Lee",
          email: "sam@example.com",
          phone: "07700900000",
          message: "Is the shop open?",
        },
        "",
        "198.18.9.10",
      );
      expect(contact.status).toBe(503);
      expect(await contact.text()).toContain("Please try again shortly");
      const health = await fetch(`${shop.base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ status: "error", database: "unreachable" });
      expect((await fetch(`${shop.base}/livez`)).status).toBe(200);

      // Back again: the same process takes orders, no restart.
      pg.start();
      await waitForHealth(shop);
      for (const s of shoppers) {
        await readyToOrder(s, flavour);
        expect(await placeOrder(s)).toMatchObject({ status: 200, ok: true });
      }
      expect(shop.child.exitCode).toBeNull();
      expect(shop.output()).not.toContain("Unhandled 'error' event");
      expect(shop.output()).toContain('"msg":"database unavailable"');
      // One warn line per failed request, no stack traces.
      const stacks = shop
        .output()
        .split("\n")
        .filter((line) => line.includes('"stack"'));
      expect(stacks.map((line) => line.slice(0, 300))).toEqual([]);
    } finally {
      shop.child.kill("SIGTERM");
      await shop.exited;
    }
  });

  test("/healthz answers 503 when the database reads but cannot save", async () => {
    test.setTimeout(120_000);
    const url = await pg.createDatabase("read_only");
    const shop = startShop({ PORT: String(await freePort()), DATABASE_URL: url });
    try {
      await waitForHealth(shop);
      expect(await (await fetch(`${shop.base}/healthz`)).json()).toEqual({
        status: "ok",
        database: "ok",
        writes: "ok",
      });
      // Writes refused from the next session on; the shop's open sessions are ended so that it opens new ones.
      await pg.query(pg.adminUrl, "alter database read_only set default_transaction_read_only = on");
      await pg.query(
        pg.adminUrl,
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'read_only' and pid <> pg_backend_pid()",
      );
      // The first check may meet a pooled connection that was just ended ("unreachable"); the next ones reconnect.
      await expect
        .poll(
          async () => {
            const health = await fetch(`${shop.base}/healthz`);
            return { code: health.status, ...((await health.json()) as object) };
          },
          { timeout: 10_000 },
        )
        .toEqual({ code: 503, status: "error", database: "ok", writes: "failing" });
      await pg.query(pg.adminUrl, "alter database read_only set default_transaction_read_only = off");
      await pg.query(
        pg.adminUrl,
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = 'read_only' and pid <> pg_backend_pid()",
      );
      await waitForHealth(shop);
      expect(shop.child.exitCode).toBeNull();
    } finally {
      shop.child.kill("SIGTERM");
      await shop.exited;
    }
  });
});

/** Writes zeros into a file until the disk is full. */
function fillDisk(path: string) {
  const fd = openSync(path, "w");
  const chunk = Buffer.alloc(256 * 1024);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
}

test("SQLite on a full disk: /healthz answers 503 until there is room again", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), "shop-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=32m", "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    test.skip(true, `a small disk (tmpfs) cannot be mounted here: ${(error as Error).message}`);
  }
  const shop = startShop({
    PORT: String(await freePort()),
    DATABASE_URL: `file:${dir}/shop.db`,
    UPLOAD_DIR: `${dir}/uploads`,
  });
  try {
    await waitForHealth(shop);
    fillDisk(join(dir, "filler"));
    const full = await fetch(`${shop.base}/healthz`);
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ status: "error", database: "ok", writes: "disk full" });
    rmSync(join(dir, "filler"));
    expect(await (await fetch(`${shop.base}/healthz`)).json()).toEqual({ status: "ok", database: "ok", writes: "ok" });
  } finally {
    shop.child.kill("SIGTERM");
    await shop.exited;
    execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});
