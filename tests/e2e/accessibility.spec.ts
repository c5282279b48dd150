import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

/** axe-core on the page as shown (WCAG 2.1 A and AA, and best practice): the rules that failed, with where. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
  }));
}

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const storefront = [
  "/",
  "/products",
  "/flavours",
  "/flavours?device=hayati-rubik-7000",
  "/about",
  "/blog",
  "/blogdetail",
  "/contactus",
  "/search?q=mango",
  "/search?q=zzzz",
  "/info/privacy",
  "/info/cookies",
  "/signin",
  "/signup",
  "/no/such/page",
];

test("the main pages have no accessibility violations (axe-core)", async ({ page }) => {
  test.slow(); // sixteen pages, each checked in full
  for (const path of storefront) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect.soft(await violations(page), path).toEqual([]);
  }
  // A device's page (with its flavours), from the home page: device ids are not slugs.
  await page.goto("/");
  await page.locator('main a[href^="/productdetail/"]').first().click();
  await expect(page).toHaveURL(/\/productdetail\//);
  await expect(page.getByRole("heading", { name: "Flavours for this device" })).toBeVisible();
  expect.soft(await violations(page), page.url()).toEqual([]);
  // A flavour's page, from the list.
  await page.goto("/flavours?device=hayati-rubik-7000");
  await page.locator("main article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/flavour\//);
  expect(await violations(page), page.url()).toEqual([]);
});

test("a signed-in shopper's pages have no accessibility violations (axe-core)", async ({ page }) => {
  test.slow();
  await signedUp(page, uniqueEmail("axe"));
  for (const path of ["/account", "/account/orders", "/account/two-factor", "/cart", "/wishlist"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect.soft(await violations(page), path).toEqual([]);
  }
});
