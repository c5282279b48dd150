// Card payments in a browser (issue 61), on SQLite and on PostgreSQL: the shop runs as its own process with
// PAYMENT_PROVIDER=sandbox (it starts the sandbox beside itself), its e-mails go to the e2e SMTP server.
// A shopper pays by card, comes back to "Payment received" and gets the e-mail; staff see the payment, pass the age
// check, dispatch and deliver; the customer asks for a return; staff refund part of it to the card; the customer sees
// the refund. Then a declined card tried again, and a tab closed after paying (paid by the shop's own check).
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createStaffAsync, signInAsStaff } from "./support/admin";
import { axeViolations } from "./support/axe";
import { signUp, uniqueEmail, waitForMail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment } from "./support/checkout";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { startOwnShop } from "./support/own-shop";
import { freePort } from "./support/processes";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const SECRET = "e2e-card-webhook-secret-0123";

type CardShop = { base: string; sandbox: string; databaseUrl: string; stop: () => Promise<void> };

async function startCardShop(pg?: OwnPostgres): Promise<CardShop> {
  const sandboxPort = await freePort();
  const own = await startOwnShop(pg, {
    PAYMENT_PROVIDER: "sandbox",
    PAYMENT_WEBHOOK_SECRET: SECRET,
    PAYMENT_SANDBOX_PORT: String(sandboxPort),
    // The shop asks the sandbox about a payment nobody reported on after 2 s (then 4, 8…): a closed tab is paid soon.
    PAYMENT_CHECK_SECONDS: "2",
  });
  const sandbox = `http://127.0.0.1:${sandboxPort}`;
  await expect
    .poll(
      () =>
        fetch(`${sandbox}/health`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 10_000 },
    )
    .toBe(200);
  return { base: own.base, sandbox, databaseUrl: own.databaseUrl, stop: own.stop };
}

async function shopperIn(browser: Browser, base: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, base);
  return { context, page: await context.newPage() };
}

/** A new customer with one flavour at the payment step; their e-mail. */
async function atPayment(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUp(page, email, { firstName: "Robin" });
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  // A shop just started (its demo pictures still being made on a busy machine) may take a while to send it.
  const confirm = await waitForMail(email, 30_000, /confirm your e-mail/);
  await page.goto(confirm.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  return email;
}

/** On the sandbox's page (marked TEST), presses one of its buttons. */
async function onSandboxPage(page: Page, button: string) {
  await expect(page.getByText("TEST — no real money").first()).toBeVisible();
  await page.getByRole("button", { name: button }).click();
}

const orderIdOf = (page: Page) =>
  page
    .getByRole("link", { name: "View your order" })
    .getAttribute("href")
    .then((href) => href!.split("/").pop()!);

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`card payments on ${database}`, () => {
    test.describe.configure({ mode: "serial" });
    let card: CardShop;
    let pg: OwnPostgres | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (database === "postgres") pg = await startOwnPostgres();
      card = await startCardShop(pg);
    });
    test.afterAll(async () => {
      await card?.stop();
      pg?.destroy();
    });

    test("paid by card, age checked, dispatched, returned in part and refunded to the card", async ({ browser }) => {
      test.setTimeout(240_000);
      const { context, page } = await shopperIn(browser, card.base);
      const email = await atPayment(page, `card-${database}`);
      // Told before paying that a new customer's age is checked, and that these are test payments.
      await expect(page.getByText(/A new customer's age is checked before we dispatch/)).toBeVisible();
      await expect(page.getByText("Test payments: no real money is taken.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Order via WhatsApp" })).toBeVisible();
      if (database === "sqlite") expect(await axeViolations(page)).toEqual([]);
      await page.getByRole("button", { name: "Pay by card" }).click();
      await onSandboxPage(page, "Approve");
      await expect(page.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible({ timeout: 20_000 });
      const orderId = await orderIdOf(page);
      if (database === "sqlite") expect(await axeViolations(page)).toEqual([]);
      const paid = await waitForMail(email, 20_000, new RegExp(`payment received for order ${orderId}`));
      expect(paid.subject).toContain(orderId);
      await page.getByRole("link", { name: "View your order" }).click();
      await expect(page.getByText("Payment: Paid")).toBeVisible();

      // Staff see the payment and its events, pass the age check, confirm, dispatch and deliver.
      const staffContext = await browser.newContext({ baseURL: card.base, extraHTTPHeaders: ownClientAddress() });
      await confirmAgeByCookie(staffContext, card.base);
      const staff = await staffContext.newPage();
      await signInAsStaff(staff, await createStaffAsync(`card-staff-${database}`, card.databaseUrl));
      await staff.goto(`/admin/orders/${orderId}`);
      const payments = staff.getByRole("region", { name: "Card payments" });
      await expect(payments).toContainText(`${orderId}-1`);
      await expect(payments).toContainText("Paid");
      await expect(payments).toContainText("sentForSettlement");
      await staff.goto("/admin/age-checks");
      const check = staff.getByRole("listitem", { name: "Robin Taylor" });
      await check.getByLabel("Note (what you checked)").fill("Passport seen on a video call");
      await check.getByRole("button", { name: "Verify" }).click();
      await expect(staff.getByRole("status")).toContainText("Robin Taylor's age is verified.");
      await staff.goto(`/admin/orders/${orderId}`);
      await staff.getByRole("button", { name: "Mark confirmed" }).click();
      await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);
      const dispatch = staff.getByRole("form", { name: "Dispatch" });
      await dispatch.getByLabel("Courier").fill("Royal Mail");
      await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
      await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
      await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);
      await staff.getByRole("button", { name: "Mark delivered" }).click();
      await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Delivered.`);

      // The customer asks to return it; staff refund part of it to the card.
      await page.goto(`/account/orders/${orderId}`);
      await page
        .getByLabel(/^How many of .* to return/)
        .first()
        .fill("1");
      await page
        .getByLabel(/^Why are you returning /)
        .first()
        .fill("One of the pods leaks");
      await page.getByRole("button", { name: "Ask to return these items" }).click();
      await expect(page.getByText("Return requested", { exact: true })).toBeVisible();

      await staff.goto(`/admin/orders/${orderId}`);
      const refund = staff.getByRole("form", { name: "Refund to card" });
      await refund.getByLabel("Amount to refund").fill("2.00");
      await refund.getByLabel("Reason").fill("One pod pack returned leaking");
      await refund.getByRole("button", { name: "Refund" }).click();
      await expect(staff.getByRole("status")).toContainText("The refund of £2.00 is being sent to the card.");
      if (database === "sqlite") expect(await axeViolations(staff)).toEqual([]);
      await expect
        .poll(
          async () => {
            await staff.reload();
            return staff.getByRole("region", { name: "Refunds" }).textContent();
          },
          { timeout: 20_000, intervals: [500] },
        )
        .toMatch(/£2\.00[\s\S]*(Sent to the provider|Refunded)/);
      const refundMail = await waitForMail(email, 20_000, new RegExp(`£2.00 refunded for order ${orderId}`));
      expect(refundMail.text).toContain("to the card you paid with");

      await page.goto(`/account/orders/${orderId}`);
      const refunds = page.getByRole("region", { name: "Refunds" });
      await expect(refunds).toContainText("£2.00");
      if (database === "sqlite") expect(await axeViolations(page)).toEqual([]);
      await expect(page.getByText("Payment: Paid")).toBeVisible();
      await staffContext.close();
      await context.close();
    });

    // The same pages on either database: declared once, on SQLite (the journey above covers PostgreSQL).
    if (database === "sqlite")
      test("a declined card is tried again and paid; a tab closed after paying is paid by the shop's check", async ({
        browser,
      }) => {
        test.setTimeout(180_000);
        const { context, page } = await shopperIn(browser, card.base);
        await atPayment(page, "card-declined");
        await page.getByRole("button", { name: "Pay by card" }).click();
        await onSandboxPage(page, "Decline");
        await expect(page.getByRole("heading", { level: 1, name: "Your payment did not go through" })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await expect(page.getByRole("link", { name: "Order via WhatsApp" })).toBeVisible();
        await page.getByRole("button", { name: "Try the card again" }).click();
        await onSandboxPage(page, "Approve");
        await expect(page.getByRole("heading", { level: 1, name: "Payment received" })).toBeVisible({
          timeout: 20_000,
        });

        await context.close();

        // Another customer: nobody comes back and no webhook arrives (the tab was closed after paying).
        const other = await shopperIn(browser, card.base);
        const page2 = other.page;
        await fetch(`${card.sandbox}/sandbox/control`, { method: "POST", body: JSON.stringify({ delivery: "none" }) });
        const email = await atPayment(page2, "card-closed-tab");
        await page2.getByRole("button", { name: "Pay by card" }).click();
        await expect(page2.getByText("TEST — no real money").first()).toBeVisible();
        // The shopper pays (what the Approve button posts), and the tab is closed before the way back.
        const form = page2.locator("form").filter({ has: page2.getByRole("button", { name: "Approve" }) });
        const action = new URL((await form.getAttribute("action")) ?? "", page2.url());
        const approved = await fetch(action, {
          method: "POST",
          body: new URLSearchParams({ outcome: "approve" }),
          redirect: "manual",
        });
        expect(approved.status).toBe(303);
        const orderId = new URL(approved.headers.get("location")!).searchParams.get("ref")!.replace(/-\d+$/, "");
        await page2.close();
        const page3 = await other.context.newPage();
        await page3.goto(`/account/orders/${orderId}`);
        await expect
          .poll(
            async () => {
              await page3.reload();
              return page3.getByText("Payment: Paid").count();
            },
            { timeout: 30_000, intervals: [1000] },
          )
          .toBe(1);
        await waitForMail(email, 20_000, new RegExp(`payment received for order ${orderId}`));
        await fetch(`${card.sandbox}/sandbox/control`, { method: "POST", body: JSON.stringify({ reset: true }) });
        await other.context.close();
      });
  });
}
