import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { signIn, uniqueEmail } from "./accounts";
import { E2E_DIR } from "./ports";

/** A staff account made the way the README says (npm run create-staff), against the e2e server's database. */
export function createStaff(label = "staff", databaseUrl = `file:./${E2E_DIR}/shop.db`): { email: string; password: string } {
  const email = uniqueEmail(label);
  const password = "staff password 123";
  execFileSync("node", ["--import", "tsx", "scripts/create-staff.ts", "--email", email, "--password", password, "--first-name", "Sam", "--last-name", "Staff"], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "warn" },
    stdio: "pipe",
  });
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
