import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { signIn, signedUp, uniqueEmail } from "./support/accounts";
import { createStaff, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { E2E_DIR } from "./support/ports";
import { freePort, startShop, waitForHealth, type ShopProcess } from "./support/processes";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const run = promisify(execFile);
/** One of the owner's backup commands, as the README gives it, against the journeys' shop. */
const command = (script: string, args: string[], env: Record<string, string>) =>
  run("node", ["--import", "tsx", `scripts/${script}.ts`, ...args], {
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
  });

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

// Issue 37: the owner takes a backup while the shop trades, the dashboard says when, and the backup restored into a
// new database starts a shop where the customer signs in and finds their order.
test("a backup taken while the shop runs shows on the dashboard, and restored it starts a shop with the customer's order", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const email = uniqueEmail("backed-up");
  await signedUp(page, email, { password: "a password kept in backups" });
  await addFlavourToCart(page, "hayati-mini-1500", 1);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(staffContext, baseURL!);
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, createStaff("backups"));
  const backups = staff.getByRole("region", { name: "Backups" });
  await expect(backups.getByText("No backup has been taken yet.")).toBeVisible();
  await expect(backups.getByRole("alert")).toContainText("The shop has no backup.");

  // The backup runs beside the shop, which goes on answering.
  const env = { DATABASE_URL: `file:./${E2E_DIR}/shop.db`, UPLOAD_DIR: `./${E2E_DIR}/uploads` };
  const out = `${E2E_DIR}/backups`;
  const backup = command("backup", ["--out", out], env);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Cancel this order" })).toBeVisible();
  const { stdout } = await backup;
  expect(stdout).toMatch(/^Backup written: .+shop-backup-[\dTZ-]+\.tar\.gz \([\d.]+ MB; \d+ rows in \d+ tables/m);
  const [file] = readdirSync(out).filter((name) => name.endsWith(".tar.gz"));

  await staff.reload();
  await expect(backups).toContainText(`Last backup: `);
  await expect(backups).toContainText(file!);
  await expect(backups.getByRole("alert")).toHaveCount(0);

  // Restored into a new database and folder: a shop started on them has the customer, their password and their order.
  const restoredDir = mkdtempSync(join(resolve(E2E_DIR), "restored-"));
  const restoredEnv = { DATABASE_URL: `file:${restoredDir}/shop.db`, UPLOAD_DIR: `${restoredDir}/uploads` };
  const restored = await command("restore", [join(out, file!)], restoredEnv);
  expect(restored.stdout).toContain("Rows per table, each checked against the backup:");
  // Not twice into the same database: refused in one line, exit 1.
  const again = await command("restore", [join(out, file!)], restoredEnv).catch(
    (e: { code: number; stderr: string }) => e,
  );
  expect(again).toMatchObject({ code: 1 });
  expect((again as { stderr: string }).stderr.trim().split("\n")).toHaveLength(1);

  let shop: ShopProcess | null = null;
  try {
    shop = startShop({ PORT: String(await freePort()), ...restoredEnv, JOB_POLL_MS: "60000" });
    await waitForHealth(shop);
    const elsewhere = await browser.newContext({ baseURL: shop.base });
    await confirmAgeByCookie(elsewhere, shop.base);
    const customer = await elsewhere.newPage();
    await customer.goto("/signin");
    await signIn(customer, email, "a password kept in backups");
    await expect(customer.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
    await customer.goto("/account/orders");
    await expect(customer.getByRole("link", { name: new RegExp(orderId) })).toBeVisible();
    await elsewhere.close();
  } finally {
    shop?.child.kill("SIGTERM");
    await shop?.exited;
  }
});
