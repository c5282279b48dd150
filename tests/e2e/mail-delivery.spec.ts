// E-mails survive a mail server that is down and a server process that is killed: both run the production build as
// a process of its own (own database, own SMTP port) so the mail server and the process can be stopped at will.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { mailParts, startSmtpSink } from "../../app/testing/smtp-sink";
import Database from "better-sqlite3";
import { signUp, uniqueEmail } from "./support/accounts";
import { createStaff, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment } from "./support/checkout";
import { E2E_PORT } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const PORT = E2E_PORT + 30; // clear of server-process.spec.ts (4191–4193) with the default base
const SMTP_PORT = E2E_PORT + 31;
const BASE = `http://localhost:${PORT}`;

test.describe.configure({ mode: "serial" });
test.use({ baseURL: BASE });

let dir: string;
let server: ChildProcess | null = null;
const databaseUrl = () => `file:${dir}/shop.db`;

/** The built shop as `npm start` runs it, on this spec's own database and SMTP port. */
async function startShop(env: Record<string, string> = {}) {
  server = spawn(process.execPath, ["build/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(PORT),
      DATABASE_URL: databaseUrl(),
      UPLOAD_DIR: `${dir}/uploads`,
      APP_URL: BASE,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      JOB_POLL_MS: "100",
      JOB_RETRY_BASE_MS: "1000",
      // One process: SIGKILL must kill the process that holds the order's e-mail, not a cluster's primary.
      WEB_CONCURRENCY: "1",
      ...env,
    },
    stdio: "ignore",
  });
  await expect
    .poll(
      () =>
        fetch(`${BASE}/healthz`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function stopShop(signal: NodeJS.Signals) {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  await exited;
}

/** The link of the sign-up confirmation queued for `email` in this spec's own database. */
function queuedConfirmationLink(email: string): string {
  const db = new Database(`${dir}/shop.db`, { readonly: true });
  try {
    const row = db.prepare("select payload from jobs where kind = 'notice' and recipient = ?").get(email) as {
      payload: string;
    };
    return (JSON.parse(row.payload) as { action: { url: string } }).action.url;
  } finally {
    db.close();
  }
}

/** Signs up, fills a cart and places the order; returns the Order ID shown on /success. */
async function placeOrder(page: Page, email: string): Promise<string> {
  await page
    .context()
    .route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
  await page.goto("/signup");
  // The sign-up link is queued like every e-mail: with this spec's mail server down, read it from the queue.
  await signUp(page, email, { firstName: "Mo" });
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(queuedConfirmationLink(email));
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  await expect(page).toHaveURL(/\/success\?order=[A-HJ-NP-Z2-9]{8}$/, { timeout: 20_000 });
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  return new URL(page.url()).searchParams.get("order")!;
}

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-mail-"));
});
test.afterAll(async () => {
  await stopShop("SIGTERM");
  rmSync(dir, { recursive: true, force: true });
});
test.beforeEach(async ({ context }) => {
  await confirmAgeByCookie(context, BASE);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("an order placed while the mail server is down is confirmed by e-mail (HTML and text) once it is back", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await startShop();
  const email = uniqueEmail("smtp-down");
  const orderId = await placeOrder(page, email);

  // Staff see the confirmation waiting, with the reason it could not go yet.
  const staffContext = await browser.newContext({ baseURL: BASE, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(staffContext, BASE);
  const staffPage = await staffContext.newPage();
  await signInAsStaff(staffPage, createStaff("mail-staff", databaseUrl()));
  await staffPage.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Mail" }).click();
  await expect(staffPage.getByRole("heading", { level: 1, name: "Mail" })).toBeVisible();
  const row = staffPage.getByRole("row", { name: new RegExp(`order ${orderId} received`) });
  await expect(async () => {
    await staffPage.reload();
    await expect(row).toContainText("Queued");
    await expect(row).toContainText("ECONNREFUSED");
  }).toPass({ timeout: 10_000 });

  const sink = await startSmtpSink({ port: SMTP_PORT });
  try {
    // Everything queued meanwhile goes now (the sign-up link too); the confirmation is among it.
    const subject = new RegExp(`^Subject: Vapour Lane: order ${orderId} received`, "m");
    await expect.poll(() => sink.received.some((m) => subject.test(m.raw)), { timeout: 30_000 }).toBe(true);
    const mail = sink.received.find((m) => subject.test(m.raw));
    expect(mail!.to).toEqual([email]);
    const parts = mailParts(mail!);
    expect(parts.contentType).toBe("multipart/alternative");
    expect(parts.text).toContain(`Thank you for your order ${orderId}.`);
    expect(parts.html).toContain(orderId);
    expect(parts.html).toContain("Express Shipping");
    expect(parts.html).toMatch(/Sam Taylor<br\/?>12 High Street<br\/?>Leeds<br\/?>LS1 1AA/);
    expect(parts.text).toMatch(/To:\r?\nSam Taylor\r?\n12 High Street\r?\nLeeds\r?\nLS1 1AA\r?\n07700 900444/);
  } finally {
    await sink.close();
  }
  await expect(async () => {
    await staffPage.reload();
    await expect(row).toContainText("Sent");
  }).toPass({ timeout: 10_000 });
  await staffContext.close();
  await stopShop("SIGTERM");
});

test("an order committed just before the process is killed (SIGKILL) is still confirmed after a restart", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sink = await startSmtpSink({ port: SMTP_PORT });
  try {
    // The worker looks for jobs at start and then not for ten minutes: the order's e-mail is still queued when the
    // process is killed.
    await startShop({ JOB_POLL_MS: "600000" });
    const email = uniqueEmail("killed");
    const orderId = await placeOrder(page, email);
    await stopShop("SIGKILL");
    expect(sink.received.filter((m) => m.to.includes(email) && m.raw.includes(orderId))).toEqual([]);

    await startShop();
    // Once: the order's confirmation (the sign-up link queued before it goes too).
    const confirmations = () =>
      sink.received.filter((m) => m.to.includes(email) && m.raw.includes(`order ${orderId} received`));
    await expect.poll(() => confirmations().length, { timeout: 15_000 }).toBe(1);
    const mail = confirmations()[0]!;
    expect(mailParts(mail).text).toContain(`Thank you for your order ${orderId}.`);
  } finally {
    await stopShop("SIGTERM");
    await sink.close();
  }
});
