import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./accounts";
import { totpCode } from "../../../app/testing/totp";
import { E2E_DIR } from "./ports";

const staffArgs = (email: string, password: string) => [
  "--import",
  "tsx",
  "scripts/create-staff.ts",
  "--email",
  email,
  "--password",
  password,
  "--first-name",
  "Sam",
  "--last-name",
  "Staff",
  // Every journey's staff member could do everything before roles (issue 63): an owner keeps each journey's meaning.
  "--role",
  "owner",
];
const staffEnv = (databaseUrl: string) => ({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" });

/** A staff account made the way the README says (npm run create-staff), against the e2e server's database. */
export function createStaff(label = "staff", databaseUrl = `file:./${E2E_DIR}/shop.db`): Staff {
  const email = uniqueEmail(label);
  const password = "staff password 123";
  execFileSync("node", staffArgs(email, password), { env: staffEnv(databaseUrl), stdio: "pipe" });
  return { email, password };
}

/** The same without blocking: a test talking to a server over keep-alive sockets meanwhile keeps them healthy. */
export async function createStaffAsync(label: string, databaseUrl: string): Promise<Staff> {
  const email = uniqueEmail(label);
  const password = "staff password 123";
  await promisify(execFile)("node", staffArgs(email, password), { env: staffEnv(databaseUrl) });
  return { email, password };
}

export type Staff = { email: string; password: string; totpUri?: string; lastStep?: number };

/** The next code of the staff member's authenticator: a new 30-second step each time (a code works once). */
export async function nextStaffCode(staff: Staff): Promise<string> {
  const currentStep = () => Math.floor(Date.now() / 30_000);
  // Codes for this step and the next are spent: wait, as a person would, for the authenticator to show a new one.
  if ((staff.lastStep ?? -1) >= currentStep() + 1)
    await expect
      .poll(currentStep, { message: "the next 30-second step", timeout: 35_000, intervals: [250] })
      .toBeGreaterThanOrEqual(staff.lastStep!);
  const now = currentStep();
  const step = Math.max(now, (staff.lastStep ?? -1) + 1);
  staff.lastStep = step;
  return totpCode(staff.totpUri!, step - now);
}

/**
 * Signs in to the back office as staff do: password, then on the first time the two-factor set-up (the key read
 * from the page, as a person would type it into their app), afterwards the code from the app.
 */
export async function signInAsStaff(page: Page, staff: Staff) {
  await page.goto("/signin?redirectTo=%2Fadmin");
  await signIn(page, staff.email, staff.password);
  await page.waitForURL(/\/(admin|account\/two-factor|signin\/two-factor)(\?|$)/);
  if (new URL(page.url()).pathname === "/account/two-factor") {
    await expect(page.getByRole("alert")).toHaveText(
      "Staff sign in with a second factor. Set up two-factor sign-in to use the back office.",
    );
    await page.getByLabel("Your password").fill(staff.password);
    await page.getByRole("button", { name: "Set up" }).click();
    const key = (await page.getByLabel("Key to type into your authenticator app").textContent())!.replace(/\s/g, "");
    staff.totpUri = `otpauth://totp/shop?secret=${key}`;
    await page.getByLabel("Code from your authenticator app").fill(await nextStaffCode(staff));
    await page.getByRole("button", { name: "Turn on" }).click();
  } else if (new URL(page.url()).pathname === "/signin/two-factor") {
    await page.getByLabel("Code from your authenticator app").fill(await nextStaffCode(staff));
    await page.getByRole("button", { name: "Verify" }).click();
  }
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** Every back-office page (with ids that look real). */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/orders",
  "/admin/orders/ABCDEFGH",
  "/admin/reports",
  "/admin/returns",
  "/admin/take-backs",
  "/admin/shipping",
  "/admin/age-checks",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/abc123",
  "/admin/flavours",
  "/admin/flavours",
  "/admin/flavours/new",
  "/admin/flavours/abc123",
  "/admin/mhra",
  "/admin/goods-in",
  "/admin/catalogue-import",
  "/admin/messages",
  "/admin/messages/abc123",
  "/admin/mail",
  "/admin/customers",
  "/admin/customers/abc123",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/posts/abc123",
  "/admin/reviews",
  "/admin/about",
  "/admin/staff",
  "/admin/audit-log",
];

/** The back-office pages that take posts (the others answer a post with 405). */
export const ADMIN_ACTIONS = [
  // The dashboard's: units held back from sale, returned or destroyed.
  "/admin",
  "/admin/orders/ABCDEFGH",
  "/admin/take-backs",
  "/admin/shipping",
  "/admin/age-checks",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/abc123",
  "/admin/flavours",
  "/admin/flavours/new",
  "/admin/flavours/abc123",
  "/admin/mhra",
  "/admin/goods-in",
  "/admin/catalogue-import",
  "/admin/messages",
  "/admin/messages/abc123",
  "/admin/mail",
  "/admin/posts/new",
  "/admin/posts/abc123",
  "/admin/reviews",
  "/admin/about",
  "/admin/staff",
];

/**
 * Fills the new-flavour form of the back office (a flavour of Hayati Pro Max 6000, 2 ml pods at 10 and 20 mg), with
 * the MHRA notification number publishing needs.
 */
export async function fillNewFlavour(
  page: Page,
  f: { name: string; description: string; price: string; nicotineMgMl: string },
) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(f.name);
  await page.getByRole("textbox", { name: "Description" }).fill(f.description);
  await page.getByRole("combobox", { name: "Device", exact: true }).selectOption({ label: "Hayati Pro Max 6000" });
  await page.getByRole("textbox", { name: "Price", exact: true }).fill(f.price);
  await page.getByLabel("Nicotine strengths (mg, one per line)").fill("10\n20");
  await page.getByLabel("Nicotine (mg/ml)").fill(f.nicotineMgMl);
  await page.getByLabel("Pod size (ml)").fill("2");
  await page.getByLabel("MHRA notification number (ECID)").fill("12345-22-67890");
}

/**
 * On a back-office order page, records the order's payment as staff do before dispatching (docs/decisions/045):
 * 'Bank transfer', a reference, and the amount, which is the order's total as the form shows it unless `amount` says
 * otherwise (a wrong amount is refused). Leaves the page as the answer shows it.
 */
export async function recordPayment(staff: Page, options: { amount?: string; reference?: string } = {}) {
  const form = staff.getByRole("form", { name: "Record a payment" });
  const shown = (await form.getByText(/^Order total:/).textContent()) ?? "";
  const total = shown.replace(/^Order total:\s*£/, "").trim();
  await form.getByLabel("Method").selectOption({ label: "Bank transfer" });
  await form.getByLabel("Reference").fill(options.reference ?? "BACS 20931");
  await form.getByLabel("Amount").fill(options.amount ?? total);
  await form.getByRole("button", { name: "Record payment" }).click();
  return total;
}
