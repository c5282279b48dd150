import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADULT_DOB, openConfirmationLink, signedUp, signIn, signOut, uniqueEmail } from "./support/accounts";
import { addFlavourToCart, expectQuantity } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";
import { setVariant } from "./support/stock";

const notice = "Sign in or create an account to check out — your cart is saved";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const cartLines = (page: Page) => page.getByRole("region", { name: "Cart items" }).getByRole("listitem");

/** The money a line or the summary shows, in pence. */
const pence = (text: string) => Math.round(Number(text.match(/£(\d+\.\d{2})/)![1]) * 100);
const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

test("a guest sees their cart and changes it; Checkout asks them to sign up, then goes on to the address with it", async ({
  page,
}) => {
  test.setTimeout(120_000); // sign-up by e-mailed link
  const email = uniqueEmail("guest-notice");
  const name = await addFlavourToCart(page, "hayati-mini-1500", 0);
  // The visitor's cart, kept in this browser, shown priced by the shop: its line, quantity and total.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page)).toHaveCount(1);
  const line = cartLines(page).first();
  await expect(line).toContainText(name);
  await expectQuantity(line, 1);
  const unit = pence((await line.textContent())!);
  const summary = page.getByRole("complementary", { name: "Summary" });
  await expect(summary).toContainText(`Total${pounds(unit)}`);
  await line.getByRole("button", { name: "Increase quantity" }).click();
  await expectQuantity(line, 2);
  await expect(summary).toContainText(`Total${pounds(unit * 2)}`);
  await expect(line).toContainText(pounds(unit * 2));
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  // Kept as changed: a reload shows the same.
  await page.reload();
  await expectQuantity(cartLines(page).first(), 2);

  await expect(summary.getByRole("link", { name: "Checkout" })).toHaveAccessibleDescription(
    "You sign in or create an account to check out; your cart comes with you.",
  );
  await summary.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
  await expect(page.getByRole("status").filter({ hasText: notice })).toHaveText(notice);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/signup\?redirectTo=%2Fcart-address&reason=checkout$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await expect(page.getByText(notice)).toBeVisible();
  // Back to sign-in from there: still told why.
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute(
    "href",
    "/signin?redirectTo=%2Fcart-address&reason=checkout",
  );

  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Guest");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a long enough password");
  await page.getByLabel("Date of birth").fill(ADULT_DOB);
  await page.getByRole("checkbox", { name: /accept the terms/ }).check();
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();

  // The link in the e-mail signs the new customer in; the cart moves to the account and checkout goes on.
  await openConfirmationLink(page, email);
  await expect(page).toHaveURL(/\/cart-address$/);
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  await page.goto("/cart");
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(name);
  await expectQuantity(cartLines(page).first(), 2);
});

test("a guest's cart holds no more than is in stock, and Remove empties it", async ({ page }) => {
  // The demo's Citrus Energy (Hayati Pro Max 6000); no other journey buys it or changes its stock.
  const slug = "citrus-energy-hayati-pro-max-6000";
  const { itemId } = await setVariant("flavour", slug, { nicotineStrength: 10 }, { stock: 2 });
  try {
    await page.goto(`/flavour/${itemId}`);
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const line = cartLines(page).first();
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expectQuantity(line, 2);
    await line.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Only 2 left of Citrus Energy (10 mg)" })).toBeVisible();
    await expectQuantity(line, 2);
    await line.getByRole("button", { name: "Decrease quantity" }).click();
    await expectQuantity(line, 1);
    await expect(line.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
    await line.getByRole("button", { name: "Remove Citrus Energy" }).click();
    await expect(page.getByText("Your cart is empty")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Cart", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
  } finally {
    await setVariant("flavour", slug, { nicotineStrength: 10 }, { stock: 30 });
  }
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
  await expect(page).toHaveURL(/\/cart$/);
  await expect(cartLines(page).first()).toContainText(name);
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
  await expect(page.getByText(notice)).toBeVisible();
  await signIn(page, email, "returning shopper");
  await expect(page).toHaveURL(/\/cart-address$/);
  await page.goto("/cart");
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  await expect(cartLines(page)).toHaveCount(1);
  await expect(cartLines(page).first()).toContainText(name);
});
