import { expect, test } from "@playwright/test";
import {
  ADULT_DOB,
  expectSignedInAs,
  openConfirmationLink,
  signedInElsewhere,
  signedUp,
  signIn,
  signOut,
  signUp,
  uniqueEmail,
  waitForMail,
} from "./support/accounts";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("a visitor signs up, confirms by the e-mailed link, lands on the home page signed in, and signs out to /signin", async ({
  page,
}) => {
  const email = uniqueEmail("new");
  await page.goto("/signup");
  await expect(page.getByLabel("Password")).toHaveAttribute("placeholder", "Min. 8 characters");
  await expect(page.getByRole("link", { name: "Sign in" }).last()).toHaveAttribute("href", "/signin");
  await signUp(page, email, { firstName: "Robin" });
  await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Check your e-mail to finish creating your account.");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
  // Not confirmed yet: the right password is asked to confirm first.
  await page.goto("/signin");
  await signIn(page, email, "a long enough password");
  await expect(page.getByRole("alert")).toHaveText(
    "Please confirm your e-mail address first: we have sent you a new link.",
  );

  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInAs(page, "Robin");
  await signOut(page);
  await expect(page.getByRole("status")).toHaveText("You have been signed out.");
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  // The link signs in once only.
  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/signin\?notice=email-confirmed$/);
  await expect(page.getByRole("status")).toHaveText("Your e-mail address is confirmed. Please sign in.");
});

test("sign-up refuses under-18s, short passwords and unticked terms; a taken email looks like a new one", async ({
  page,
}) => {
  test.slow(); // five sign-up forms, each hashing a password: over 30 s on a loaded 2-core machine
  const email = uniqueEmail("taken");
  await signedUp(page, email);
  await signOut(page);

  const thisYear = new Date().getUTCFullYear();
  await signUp(page, uniqueEmail("young"), { dateOfBirth: `${thisYear - 16}-06-01` });
  await expect(page.getByLabel("Date of birth")).toHaveAccessibleDescription(
    "Sorry, you must be 18 or over to have an account with us.",
  );
  await expect(page).toHaveURL(/\/signup$/);

  await signUp(page, uniqueEmail("short"), { password: "short" });
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription("Password must be at least 8 characters");

  await page.goto("/signup");
  await page.getByLabel("Email").fill(uniqueEmail("terms"));
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Date of birth").fill(ADULT_DOB);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Please accept the terms to create an account")).toBeVisible();
  await expect(page.getByLabel("Email")).not.toHaveValue("");

  // The same answer as for a new address; only the owner learns of it, by e-mail.
  await signUp(page, email.toUpperCase());
  await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("Check your e-mail to finish creating your account.");
  const notice = await waitForMail(email, 10_000, /already have an account/);
  expect(notice.text).toContain("You already have one, so nothing was changed.");
});

test("sign in with a wrong then the right password; remember me keeps the session past the browser", async ({
  page,
  context,
}) => {
  const email = uniqueEmail("signin");
  await signedUp(page, email, { password: "the right password" });
  await signOut(page);

  await signIn(page, email, "the wrong password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("Password")).toHaveValue("");

  await signIn(page, email, "the right password");
  await expect(page).toHaveURL(/\/$/);
  await expectSignedInAs(page, "Robin");
  const sessionCookie = async () => (await context.cookies()).find((c) => c.name === "shop.session_token")!;
  expect((await sessionCookie()).expires).toBe(-1); // ends with the browser

  await signOut(page);
  await signIn(page, email, "the right password", true);
  await expect(page).toHaveURL(/\/$/);
  const remembered = await sessionCookie();
  expect(remembered.expires).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);
  expect(remembered.httpOnly).toBe(true);
  expect(remembered.sameSite).toBe("Lax");
});

test("a visitor sees their cart; the checkout steps land on /signin and come back after signing in", async ({
  page,
}) => {
  const email = uniqueEmail("cart");
  await signedUp(page, email, { password: "cart password 1" });
  await signOut(page);

  for (const path of ["/cart-address", "/cart-shipping", "/payment", "/success", "/cancel"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers()["location"]).toBe(`/signin?redirectTo=${encodeURIComponent(path)}&reason=checkout`);
  }
  // The cart is the visitor's own, kept in their browser: here, empty.
  expect((await page.request.get("/cart", { maxRedirects: 0 })).status()).toBe(200);
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await page.goto("/cart-address");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
  await signIn(page, email, "cart password 1");
  // Back to the step asked for; with nothing in the cart, that is the cart.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await page.goto("/success");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Success");
  await page.goto("/cancel");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel");
});

test("redirectTo only accepts paths on this site", async ({ page }) => {
  const email = uniqueEmail("redirect");
  await signedUp(page, email, { password: "redirect password" });
  await signOut(page);
  await page.goto("/signin?redirectTo=https://evil.example/steal");
  await signIn(page, email, "redirect password");
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test("the full password reset journey through a real SMTP server", async ({ page, browser, baseURL }) => {
  test.slow(); // two browsers, a sign-up, an e-mail round trip and three sign-ins: 26 s alone on this machine
  const email = uniqueEmail("reset");
  await signedUp(page, email, { password: "old password 123" });
  // A second browser stays signed in: resetting must end that session too.
  const { context: other, page: otherPage } = await signedInElsewhere(
    browser,
    baseURL!,
    email,
    "old password 123",
    "Robin",
  );
  await signOut(page);

  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forget-password$/);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const sameAnswer =
    "If an account exists for that email, we have sent it a link to choose a new password. The link works once, within one hour.";
  await expect(page.getByRole("status")).toHaveText(sameAnswer);

  const mail = await waitForMail(email, 10_000, /new password/);
  const link = mail.text.match(/http:\/\/\S+\/reset-password\?token=\S+/)![0];
  await page.goto(link);
  await page.getByLabel("New password").fill("new password 456");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page).toHaveURL(/\/signin\?notice=reset$/);
  await expect(page.getByRole("status")).toHaveText("Your password has been changed. Please sign in with the new one.");

  await signIn(page, email, "old password 123");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await signIn(page, email, "new password 456");
  await expectSignedInAs(page, "Robin");

  await otherPage.reload();
  await expect(otherPage.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await other.close();

  await page.goto(link);
  await page.getByLabel("New password").fill("third password 789");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This reset link has expired or has already been used. Please ask for a new one.",
  );

  await signOut(page);
  await page.goto("/forget-password");
  await page.getByLabel("Email").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toHaveText(sameAnswer);
});

test("the account page changes the name and signs out of all devices", async ({ page }) => {
  const email = uniqueEmail("account");
  await signedUp(page, email, { firstName: "Kim" });
  await page.getByRole("link", { name: "Your account: Kim" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  // Shown in the UK style for a birthday (ADULT_DOB is 1992-03-14).
  await expect(page.getByText("14 March 1992", { exact: true })).toBeVisible();
  await page.getByLabel("First name").fill("Kimberley");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("status")).toHaveText("Your details have been saved.");
  await expectSignedInAs(page, "Kimberley");
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount$/);
});

test("a forged session cookie just means signed out", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: "shop.session_token", value: "forged.cookie-value", url: baseURL! }]);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await page.goto("/cart-address");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
});

test("the sign-in button says 'Loading...' while it works", async ({ page }) => {
  await page.goto("/signin");
  // The sign-in's request is held until the button has been seen saying so, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/signin.data**", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel("Email").fill(uniqueEmail("slow"));
  await page.getByLabel("Password").fill("whatever password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("button", { name: "Loading..." })).toBeDisabled();
  release();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
});

test("sign-in and sign-up offer Google when it is configured", async ({ page }) => {
  await page.goto("/signin");
  await expect(page.getByRole("button", { name: "Sign in with Google" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/forget-password");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/signup");
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Sign up with Google" })).toBeVisible();
});
