// Client-side navigation asks for a page's data in React Router's v8 form (docs/decisions/028): /cart-address.data, and
// /_.data for the home page; loaders see that request as it came, so the page to come back to after signing in is the
// page.
import { expect, test } from "@playwright/test";
import { signedUp, signIn, signOut, uniqueEmail } from "./support/accounts";
import { addFlavourToCart } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const pathOf = (url: string) => new URL(url).pathname;

test("the home page's data comes from /_.data", async ({ page }) => {
  await page.goto("/products");
  const data = page.waitForResponse((response) => pathOf(response.url()) === "/_.data");
  await page.getByRole("banner").getByRole("link").first().click();
  expect((await data).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a signed-out shopper who opens a checkout step from a page is asked to sign in, then comes back to it", async ({
  page,
}) => {
  const email = uniqueEmail("data-request");
  await signedUp(page, email, { password: "data request password" });
  await signOut(page);
  // The cart opens for a visitor (their own, kept in this browser); Checkout, its first step, is for signed-in shoppers.
  await addFlavourToCart(page, "hayati-mini-1500", 0);
  await expect(page).toHaveURL(/\/cart$/);
  const data = page.waitForRequest((request) => pathOf(request.url()) === "/cart-address.data");
  await page.getByRole("link", { name: "Checkout" }).click();
  await data;
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
  await signIn(page, email, "data request password");
  await expect(page).toHaveURL(/\/cart-address$/);
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
});
