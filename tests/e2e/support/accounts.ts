import { readdirSync, readFileSync } from "node:fs";
import { expect, type Browser, type Page } from "@playwright/test";
import { MAIL_DIR } from "./ports";
import { confirmAgeByCookie, ownClientAddress } from "./shop";

export const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
export const ADULT_DOB = "1992-03-14";

/** Waits for an e-mail to `to` (with a subject matching `subject`, if given) to arrive at the e2e SMTP server, and returns it. */
export async function waitForMail(
  to: string,
  timeoutMs = 10_000,
  subject?: RegExp,
): Promise<{ to: string[]; subject: string; text: string }> {
  type Mail = { to: string[]; subject: string; text: string };
  const newestTo = () => {
    for (const file of readdirSync(MAIL_DIR)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .reverse()) {
      const mail = JSON.parse(readFileSync(`${MAIL_DIR}/${file}`, "utf8")) as Mail;
      if (mail.to.includes(to) && (!subject || subject.test(mail.subject))) return mail;
    }
    return undefined;
  };
  let found: Mail | undefined;
  await expect
    .poll(() => (found = newestTo()), { message: `no e-mail to ${to}`, timeout: timeoutMs, intervals: [100] })
    .toBeDefined();
  return found!;
}

export async function signUp(
  page: Page,
  email: string,
  options: { password?: string; dateOfBirth?: string; firstName?: string } = {},
) {
  await page.goto("/signup");
  await page.getByLabel("First name").fill(options.firstName ?? "Robin");
  await page.getByLabel("Last name").fill("Taylor");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(options.password ?? "a long enough password");
  await page.getByLabel("Date of birth").fill(options.dateOfBirth ?? ADULT_DOB);
  await page.getByRole("checkbox", { name: /accept the terms/ }).check();
  await page.getByRole("button", { name: "Create my account" }).click();
}

export async function signIn(page: Page, email: string, password: string, rememberMe = false) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  if (rememberMe) await page.getByRole("checkbox", { name: "Remember me" }).check();
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

export async function expectSignedInAs(page: Page, name: string) {
  await expect(page.getByRole("link", { name: `Your account: ${name}` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
}

/** The header's sign-out icon; waits until /signin says so. */
export async function signOut(page: Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?notice=signed-out$/);
}

/** Another browser (its own cookies and client address), past the 18+ question. Close its context afterwards. */
export async function anotherBrowser(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, baseURL);
  return { context, page: await context.newPage() };
}

/** Another browser signed in to the same account (to show that its session ends). Close its context afterwards. */
export async function signedInElsewhere(
  browser: Browser,
  baseURL: string,
  email: string,
  password: string,
  name: string,
) {
  const { context, page } = await anotherBrowser(browser, baseURL);
  await page.goto("/signin");
  await signIn(page, email, password);
  await expectSignedInAs(page, name);
  return { context, page };
}

/** Opens the link of the sign-up confirmation e-mail, as the new customer would (it signs them in). */
export async function openConfirmationLink(page: Page, email: string) {
  const mail = await waitForMail(email, 10_000, /confirm your e-mail/);
  await page.goto(mail.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
}

/** Signs up, follows the link in the confirmation e-mail, and waits until the header shows the new account. */
export async function signedUp(
  page: Page,
  email: string,
  options: { password?: string; firstName?: string; dateOfBirth?: string } = {},
) {
  await signUp(page, email, options);
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  await openConfirmationLink(page, email);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
}
