// The UK settings (issue 18) on a shop process of their own: VAT-inclusive prices in pounds (TAX_MODE=included,
// TAX_RATE_PERCENT=20, SHOP_CURRENCY=GBP), the company's legal details and one real social page. The VAT shown must
// agree across the cart, the payment step, the saved order, both WhatsApp texts and the confirmation e-mail.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Locator } from "@playwright/test";
import { linkIn, mailParts, startSmtpSink, type ReceivedMail } from "../../app/testing/smtp-sink";
import { signUp, uniqueEmail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment } from "./support/checkout";
import { startShop, waitForHealth, type ShopProcess } from "./support/processes";
import { E2E_PORT } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const PORT = E2E_PORT + 40; // clear of mail-delivery.spec.ts (+30, +31)
const SMTP_PORT = E2E_PORT + 41;
const BASE = `http://localhost:${PORT}`;

let dir: string;
let shop: ShopProcess;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

test.beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "shop-uk-"));
  sink = await startSmtpSink({ port: SMTP_PORT });
  shop = startShop({
    PORT: String(PORT),
    LOG_LEVEL: "warn",
    DATABASE_URL: `file:${dir}/shop.db`,
    UPLOAD_DIR: `${dir}/uploads`,
    APP_URL: BASE,
    TRUST_PROXY: "1",
    SMTP_URL: sink.url,
    JOB_POLL_MS: "100",
    DEMO_CONTENT: "on",
    SHOP_CURRENCY: "GBP",
    TAX_MODE: "included",
    TAX_RATE_PERCENT: "20",
    COMPANY_NAME: "Vapour Lane Ltd",
    COMPANY_NUMBER: "12345678",
    VAT_NUMBER: "GB123456789",
    COMPANY_ADDRESS: "1 Registered Way, Manchester M1 2AB",
    SOCIAL_INSTAGRAM_URL: "https://www.instagram.com/vapourlane.example",
  });
  await waitForHealth(shop);
});
test.afterAll(async () => {
  shop.child.kill("SIGTERM");
  await shop.exited;
  await sink.close();
  rmSync(dir, { recursive: true, force: true });
});
test.use({ baseURL: BASE });
test.beforeEach(async ({ context }) => {
  await confirmAgeByCookie(context, BASE);
  await context.setExtraHTTPHeaders(ownClientAddress());
  // No internet here: WhatsApp's page is answered locally (the address it was sent to is what the test reads).
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

const pence = (text: string) => Math.round(Number(text.replace(/[£,]/g, "")) * 100);
const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;
/** The VAT a VAT-inclusive amount contains at 20 %. */
const vatIn = (p: number) => Math.round((p * 20) / 120);

/** The figures of a totals list, by their labels. */
async function figures(list: Locator): Promise<Record<string, number>> {
  const terms = await list.locator("dt").allInnerTexts();
  const values = await list.locator("dd").allInnerTexts();
  return Object.fromEntries(terms.map((term, i) => [term.trim(), pence(values[i]!)]));
}

async function mailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  await expect.poll(() => sink.received.some((m) => m.to.includes(email) && subject.test(m.raw))).toBe(true);
  return sink.received.find((m) => m.to.includes(email) && subject.test(m.raw))!;
}

test("the footer gives the company's legal details and only the social page that is set", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(
    "Vapour Lane Ltd. Registered in England and Wales, company number 12345678. Registered office: 1 Registered Way, Manchester M1 2AB. VAT number GB123456789.",
  );
  const socials = footer.getByRole("list", { name: "Social media" }).getByRole("link");
  await expect(socials).toHaveCount(1);
  await expect(socials).toHaveAccessibleName("Vapour Lane on Instagram");
  await expect(socials).toHaveAttribute("href", "https://www.instagram.com/vapourlane.example");
});

test("VAT-inclusive totals agree across the cart, payment, order, WhatsApp texts and e-mail", async ({ page }) => {
  // A sign-up, a checkout and an e-mail on a shared 2-core machine.
  test.setTimeout(240_000);
  const email = uniqueEmail("vat");
  await page.goto("/signup");
  await signUp(page, email);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await page.goto(linkIn(await mailTo(email, /confirm your e-mail/), "/verify-email"));
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();

  await page.goto("/");
  await addFlavourToCart(page);
  await page.goto("/cart");
  const cart = await figures(page.locator("aside dl"));
  // Prices include VAT: nothing is added, and the VAT inside the total is shown after it.
  expect(Object.keys(cart)).toEqual(["Subtotal", "Total", "Includes VAT"]);
  expect(cart.Total).toBe(cart.Subtotal);
  expect(cart["Includes VAT"]).toBe(vatIn(cart.Total!));
  const cartText = new URL(
    (await page.getByRole("link", { name: "Order Through WhatsApp" }).getAttribute("href"))!,
  ).searchParams.get("text")!;
  expect(cartText).toContain(
    `Subtotal: ${pounds(cart.Subtotal!)}\nTotal: ${pounds(cart.Total!)}\nIncludes VAT: ${pounds(cart["Includes VAT"]!)}`,
  );
  expect(cartText).not.toContain("Tax:");

  await checkoutToPayment(page); // Express Shipping, £8.50
  const payment = await figures(page.locator("aside dl"));
  expect(payment).toEqual({
    Subtotal: cart.Subtotal,
    Shipping: 850,
    Total: cart.Subtotal! + 850,
    "Includes VAT": vatIn(cart.Subtotal! + 850),
  });
  const total = payment.Total!;
  const vat = payment["Includes VAT"]!;

  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  const tab = await popup;
  await tab.waitForURL(/wa\.me/);
  const orderText = new URL(tab.url()).searchParams.get("text")!;
  await tab.close();
  expect(orderText).toContain(
    `Subtotal: ${pounds(cart.Subtotal!)}\nShipping: £8.50\nTotal: ${pounds(total)}\nIncludes VAT: ${pounds(vat)}`,
  );
  await expect(page).toHaveURL(/\/success\?order=/, { timeout: 20_000 });
  const orderId = new URL(page.url()).searchParams.get("order")!;

  await page.getByRole("link", { name: "See your order" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(orderId);
  expect(await figures(page.locator("main dl").last())).toEqual(payment);

  const mail = mailParts(await mailTo(email, new RegExp(`order ${orderId} received`)));
  expect(mail.text).toContain(`Total: ${pounds(total)} (Includes VAT: ${pounds(vat)}), Express Shipping`);
  expect(mail.html).toContain("Includes VAT");
  expect(mail.html).toContain(pounds(vat));
});
