import { writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { anotherBrowser, expectSignedInAs, signIn, signOut, signUp, uniqueEmail } from "./support/accounts";
import { OIDC_USER_FILE } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// The local OpenID provider hands out one identity at a time, so these journeys run one after another.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

function googleWillSignIn(email: string, givenName: string) {
  writeFileSync(
    OIDC_USER_FILE,
    JSON.stringify({ sub: `sub-${email}`, email, given_name: givenName, family_name: "Green" }),
  );
}

async function signInWithGoogle(page: Page, from = "/signin") {
  await page.goto(from);
  await page.getByRole("button", { name: "Sign in with Google" }).click();
}

test("a new Google account is created, then asked for a date of birth once before the cart", async ({ page }) => {
  const email = uniqueEmail("google-new");
  googleWillSignIn(email, "Gina");
  await signInWithGoogle(page);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expectSignedInAs(page, "Gina");

  await page.goto("/cart");
  await expect(page).toHaveURL(/\/account\/date-of-birth\?redirectTo=%2Fcart$/);
  await page.getByLabel("Date of birth").fill("1988-08-08");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();

  await page.goto("/account");
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("8 August 1988", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Change your password" })).toHaveCount(0);

  // Next time: the same account, no questions.
  await signOut(page);
  await signInWithGoogle(page, "/signin?redirectTo=%2Fcart");
  await expect(page).toHaveURL(/\/cart$/);
});

test("Google with the email of an existing account signs into that account", async ({ page, browser, baseURL }) => {
  const email = uniqueEmail("google-existing");
  // Someone else pre-registers the address with a password: without the confirmation e-mail they cannot use it.
  await signUp(page, email, { firstName: "Robin", password: "pre-registered password" });
  const { context: other, page: otherPage } = await anotherBrowser(browser, baseURL!);
  await otherPage.goto("/signin");
  await signIn(otherPage, email, "pre-registered password");
  await expect(otherPage.getByRole("alert")).toHaveText(
    "Please confirm your e-mail address first: we have sent you a new link.",
  );

  googleWillSignIn(email, "Someone Else");
  await signInWithGoogle(page);
  await expectSignedInAs(page, "Robin");
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/account");
  await expect(page.getByText("You sign in with Google.")).toBeVisible();

  // Once the owner has used Google, the pre-registered password is gone.
  await signIn(otherPage, email, "pre-registered password");
  await expect(otherPage.getByRole("alert")).toHaveText("Invalid email or password");
  await other.close();
});

test("a Google account under 18 is refused at the date-of-birth question", async ({ page }) => {
  googleWillSignIn(uniqueEmail("google-young"), "Teen");
  await signInWithGoogle(page);
  await expectSignedInAs(page, "Teen");
  await page.goto("/cart");
  await page.getByLabel("Date of birth").fill(`${new Date().getUTCFullYear() - 15}-02-02`);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Date of birth")).toHaveAccessibleDescription(
    "Sorry, you must be 18 or over to have an account with us.",
  );
  await page.goto("/cart");
  await expect(page).toHaveURL(/\/account\/date-of-birth$/);
  await expect(page.getByRole("alert")).toHaveText("Sorry, you must be 18 or over to have an account with us.");
  await expect(page.getByLabel("Date of birth")).toHaveCount(0);
});
