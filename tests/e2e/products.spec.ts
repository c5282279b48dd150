import { expect, test, type Page } from "@playwright/test";
import { confirmAgeByCookie } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

/** The page numbers as a shopper reads them, ellipses included (the arrows are icons). */
const pageNumbers = (page: Page) => page.getByRole("navigation", { name: "Pagination" });

test("a visitor pages through /products", async ({ page }) => {
  await page.goto("/products");
  await expect(page.getByRole("heading", { name: "Selected Products" })).toBeVisible();
  await expect(page.getByTestId("selected-count")).toHaveText("85");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText(/Home\s*>\s*Flavors\s*>\s*Featured/);
  await expect(page.locator("main article")).toHaveCount(8);
  await expect(pageNumbers(page)).toHaveText("123…11");
  await expect(page.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");

  const firstOnPage1 = await page.locator("main article").first().textContent();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("main article").first()).not.toHaveText(firstOnPage1!);

  await page.getByRole("link", { name: "Page 11" }).click();
  await expect(pageNumbers(page)).toHaveText("1…91011");
  await expect(page.locator("main article")).toHaveCount(5);

  await page.goto("/products?page=6");
  await expect(pageNumbers(page)).toHaveText("1…6…11");
});

test("bad page numbers land on the first or last page", async ({ page }) => {
  await page.goto("/products?page=abc");
  await expect(page.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
  await page.goto("/products?page=500");
  await expect(page.getByRole("link", { name: "Page 11" })).toHaveAttribute("aria-current", "page");
  await expect(page.locator("main article")).toHaveCount(5);
});

test("the select really sorts and filters", async ({ page }) => {
  await page.goto("/products?page=3");
  await page.getByLabel("Show").selectOption({ label: "Devices only" });
  await expect(page).toHaveURL(/sort=devices/);
  await expect(page.getByTestId("selected-count")).toHaveText("5");
  await expect(page.locator("main article")).toHaveCount(5);
  await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

  await page.getByLabel("Show").selectOption({ label: "Price: low to high" });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(page.getByTestId("selected-count")).toHaveText("85");
  const prices = (await page.locator("main article").allTextContents()).map((t) =>
    Number(t.match(/£(\d+\.\d{2})/)![1]),
  );
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/sort=price-asc&page=2|page=2.*sort=price-asc/);
});

test("sorting works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await confirmAgeByCookie(context, baseURL!);
  const page = await context.newPage();
  await page.goto("/products");
  await page.getByLabel("Show").selectOption({ label: "Flavours only" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByTestId("selected-count")).toHaveText("80");
  await context.close();
});
