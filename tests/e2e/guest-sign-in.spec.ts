import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADULT_DOB, openConfirmationLink, signedUp, signIn, signOut, uniqueEmail } from "./support/accounts";
import { addFlavourToCart } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const notice = "Sign in or create an account to check out — your cart is saved";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const cartLines = (page: Page) => page.getByRole("region", { name: "Cart items" }).getByRole("listitem");

test("a guest who adds to the cart is told why they must sign in, keeps the notice on sign-up and finds the item in the new account's cart", async ({
  page,
}) => {
  test.setTimeout(120_000); // sign-up by e-mailed link
  const email = uniqueEmail("guest-notice");
  const name = await addFlavourToCart(page, "hayati-mini-1500", 0);
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart&reason=checkout$/);
  await expect(page.getByRole("status").filter({ hasText: notice })).toHaveText(notice);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fcart&reason=checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expect(page.getByText(notice)).toBeVisible();
  // Back to sign-in from there: still told why.
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/signin?redirectTo=%2Fcart&reason=checkout",
  );

  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Guest");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Date of birth").fill(ADULT_DOB);
  await page.getByRole("checkbox", { name: /accept the terms/ }).check();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  // The link in the e-mail signs the new customer in and brings them back to the cart, with the item they added.
  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(name);
});

test("signing in from the notice keeps the cart; a sign-in page opened by the shopper, or with an unknown reason, shows no notice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail("guest-return");
  await signedUp(page, email, { password: "returning shopper" });
  await signOut(page);
  await expect(page.getByText(notice)).toHaveCount(0);

  // Opened from the header: no reason given, no notice.
  await page.goto("/products");
  await page.getByRole("banner").getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");
  await expect(page.getByText(notice)).toHaveCount(0);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByText(notice)).toHaveCount(0);

  // Only reasons the shop knows are shown, and never the text of the address itself.
  for (const path of ["/signin?reason=Your%20account%20is%20locked", "/signup?reason=checkout%20", "/signin?reason="]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(notice), path).toHaveCount(0);
    await expect(page.getByText("Your account is locked")).toHaveCount(0);
  }

  const name = await addFlavourToCart(page, "crystal-pro-cp-10k", 0);
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart&reason=checkout$/);
  await expect(page.getByText(notice)).toBeVisible();
  await signIn(page, email, "returning shopper");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(name);
});
