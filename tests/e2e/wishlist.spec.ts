import { expect, test } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { confirmAgeByCookie, ownClientAddress, watchConsole } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("a visitor's wishlist is kept in the browser and moves to the account on sign-up", async ({ page }) => {
  await page.goto("/flavours?device=hayati-rubik-7000");
  const card = page.locator("main article").first();
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add ${name} to wishlist` }).click();
  await expect(card.getByRole("button", { name: `Remove ${name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await page.goto("/products?sort=devices");
  await page.getByRole("link", { name: "Crystal Pro CP 10K" }).click();
  await page.getByRole("button", { name: "Add to Wishlist" }).click();
  await expect(page.getByRole("button", { name: "In Wishlist" })).toHaveAttribute("aria-pressed", "true");

  await page.goto("/wishlist");
  const items = page.getByRole("main").getByRole("article");
  await expect(items).toHaveCount(2);
  await expect(page.getByRole("main")).toContainText("Crystal Pro");

  await signedUp(page, uniqueEmail("wisher"));
  // The browser's list moves to the account once signed in, and is emptied then.
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("appState")!).wishlist as unknown[]))
    .toEqual([]);
  await page.goto("/wishlist");
  await expect(items).toHaveCount(2);

  // Signed in, the toggle is saved on the account.
  await page.goto("/products?sort=devices");
  await page.getByRole("link", { name: "Crystal Pro CP 10K" }).click();
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/api/wishlist") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: "In Wishlist" }).click();
  await expect(page.getByRole("button", { name: "Add to Wishlist" })).toBeVisible();
  expect((await saved).ok()).toBe(true); // the page shows the change at once; the account has it once this answers
  await page.goto("/wishlist");
  await expect(items).toHaveCount(1);
});

test("a card past the first row, written from the server's kept HTML, works as the first does", async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/flavours");
  const card = page.getByRole("main").getByRole("article").nth(5);
  const name = (await card.getByRole("heading").textContent())!;
  await card.getByRole("button", { name: `Add ${name} to wishlist` }).click();
  await expect(card.getByRole("button", { name: `Remove ${name} from wishlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // A card whose HTML differed from what the browser renders would be a hydration error here.
  expect(problems).toEqual([]);
});
