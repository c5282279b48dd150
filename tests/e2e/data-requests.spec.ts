// Client-side navigation asks for a page's data in React Router's v8 form (docs/decisions/028): /cart.data, and /_.data
// for the home page; loaders see that request as it came, so the page to come back to after signing in is the page.
import { expect, test } from "@playwright/test";
import { signedUp, signIn, signOut, uniqueEmail } from "./support/accounts";
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

test("a signed-out shopper who opens the cart from a page is asked to sign in, then comes back to the cart", async ({
  page,
}) => {
  const email = uniqueEmail("data-request");
  await signedUp(page, email, { password: "data request password" });
  await signOut(page);
  await page.goto("/products");
  const data = page.waitForRequest((request) => pathOf(request.url()) === "/cart.data");
  await page.getByRole("banner").getByRole("link", { name: "Cart", exact: true }).click();
  await data;
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart&reason=checkout$/);
  await signIn(page, email, "data request password");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});
