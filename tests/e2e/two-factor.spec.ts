import { expect, test } from "@playwright/test";
import { signIn, signOut } from "./support/accounts";
import { createStaff, nextStaffCode } from "./support/admin";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("staff set up two-factor sign-in before the back office opens; later sign-ins ask for a code; a used or wrong code is refused; a recovery code works once", async ({
  page,
  baseURL,
}) => {
  test.slow(); // four sign-ins
  const staff = createStaff("two-factor");
  await page.goto("/signin?redirectTo=%2Fadmin%2Forders");
  await signIn(page, staff.email, staff.password);
  // Signed in with the password only: every back-office page sends them to the set-up, every action is refused.
  await expect(page).toHaveURL(/\/account\/two-factor\?redirectTo=%2Fadmin%2Forders$/);
  await expect(page.getByRole("alert")).toHaveText(
    "Staff sign in with a second factor. Set up two-factor sign-in to use the back office.",
  );
  const refused = await page.request.post("/admin/messages", {
    form: { intent: "handle", id: "x" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(403);

  await page.getByLabel("Your password").fill(staff.password);
  await page.getByRole("button", { name: "Set up" }).click();
  await expect(page.getByRole("img", { name: "QR code to add this account to your authenticator app" })).toBeVisible();
  const recoveryCodes = await page
    .getByRole("list", { name: "Recovery codes" })
    .getByRole("listitem")
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  const key = (await page.getByLabel("Key to type into your authenticator app").textContent())!.replace(/\s/g, "");
  staff.totpUri = `otpauth://totp/shop?secret=${key}`;
  await page.getByLabel("Code from your authenticator app").fill("12345");
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByLabel("Code from your authenticator app")).toHaveAccessibleDescription(
    "Enter the 6-digit code from your authenticator app",
  );
  const firstCode = await nextStaffCode(staff);
  await page.getByLabel("Code from your authenticator app").fill(firstCode);
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();

  // The next sign-in: password, then the code. The code just used is refused; a wrong one too.
  await page.goto("/");
  await signOut(page);
  await signIn(page, staff.email, staff.password);
  await expect(page).toHaveURL(/\/signin\/two-factor/);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(firstCode);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Code from your authenticator app")).toHaveAccessibleDescription(
    "That code has just been used. Wait for the next one in your authenticator app.",
  );
  await page.getByLabel("Code from your authenticator app").fill(firstCode === "000000" ? "111111" : "000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByLabel("Code from your authenticator app")).toHaveAccessibleDescription(
    "That code is not right. Check your authenticator app and try again.",
  );
  await page.getByLabel("Code from your authenticator app").fill(await nextStaffCode(staff));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  // Lost phone: a recovery code instead, once.
  await signOut(page);
  await signIn(page, staff.email, staff.password);
  await page.getByText("Use a recovery code instead").click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await signOut(page);
  await signIn(page, staff.email, staff.password);
  await page.getByText("Use a recovery code instead").click();
  await page.getByRole("textbox", { name: "Recovery code" }).fill(recoveryCodes[0]!);
  await page.getByRole("button", { name: "Use recovery code" }).click();
  await expect(page.getByRole("textbox", { name: "Recovery code" })).toHaveAccessibleDescription(
    "That recovery code is not right, or has been used already.",
  );
});
