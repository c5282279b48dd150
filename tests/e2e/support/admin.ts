import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { expect, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./accounts";
import { E2E_DIR } from "./ports";

const staffArgs = (email: string, password: string) => ["--import", "tsx", "scripts/create-staff.ts", "--email", email, "--password", password, "--first-name", "Sam", "--last-name", "Staff"];
const staffEnv = (databaseUrl: string) => ({ ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" });

/** A staff account made the way the README says (npm run create-staff), against the e2e server's database. */
export function createStaff(label = "staff", databaseUrl = `file:./${E2E_DIR}/shop.db`): { email: string; password: string } {
  const email = uniqueEmail(label);
  const password = "staff password 123";
  execFileSync("node", staffArgs(email, password), { env: staffEnv(databaseUrl), stdio: "pipe" });
  return { email, password };
}

/** The same without blocking: a test talking to a server over keep-alive sockets meanwhile keeps them healthy. */
export async function createStaffAsync(label: string, databaseUrl: string): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(label);
  const password = "staff password 123";
  await promisify(execFile)("node", staffArgs(email, password), { env: staffEnv(databaseUrl) });
  return { email, password };
}

export async function signInAsStaff(page: Page, staff: { email: string; password: string }) {
  await page.goto("/signin?redirectTo=%2Fadmin");
  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** Every back-office page (with ids that look real). */
export const ADMIN_PAGES = [
  "/admin",
  "/admin/orders",
  "/admin/orders/ABCDEFGH",
  "/admin/returns",
  "/admin/age-checks",
  "/admin/products",
  "/admin/products/new",
  "/admin/products/abc123",
  "/admin/flavours",
  "/admin/flavours/new",
  "/admin/flavours/abc123",
  "/admin/messages",
  "/admin/mail",
  "/admin/customers",
  "/admin/customers/abc123",
  "/admin/posts",
  "/admin/posts/new",
  "/admin/posts/abc123",
];

/** The back-office pages that take posts (the others answer a post with 405). */
export const ADMIN_ACTIONS = [
  "/admin/orders/ABCDEFGH",
  "/admin/age-checks",
  "/admin/products/new",
  "/admin/products/abc123",
  "/admin/flavours/new",
  "/admin/flavours/abc123",
  "/admin/messages",
  "/admin/mail",
  "/admin/posts/new",
  "/admin/posts/abc123",
];
