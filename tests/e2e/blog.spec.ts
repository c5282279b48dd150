import { expect, test } from "@playwright/test";
import { confirmAgeByCookie } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

test("a visitor reads a post from the blog list", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Vape Culture, Trends & Tips" })).toBeVisible();
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(5);
  await page.getByRole("link", { name: "view more" }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(cards).toHaveCount(6);
  await expect(page.getByRole("link", { name: "view more" })).toHaveCount(0);
  await expect(page.getByText("Coming soon: our autumn flavour line-up")).toHaveCount(0);

  await page.getByRole("link", { name: "Choosing the right nicotine strength" }).click();
  await expect(page).toHaveURL(/\/blog\/choosing-the-right-nicotine-strength$/);
  await expect(page.getByRole("heading", { level: 1, name: "Choosing the right nicotine strength" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Choosing the right nicotine strength" })).toBeVisible();
  await expect(page.getByText(/^\w{3} \d{1,2} \w{3} 2026 · By [A-Z][a-z]+ [A-Z][a-z]+$/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("heading", { level: 2 }).first()).toBeVisible();
  await expect(page).toHaveTitle(/Choosing the right nicotine strength/);
});

test("'view more' works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await confirmAgeByCookie(context, baseURL!);
  const page = await context.newPage();
  await page.goto("/blog");
  await page.getByRole("link", { name: "view more" }).click();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
  await context.close();
});

test("/blogdetail shows the latest post, also from the home page", async ({ page }) => {
  await page.goto("/");
  const teaser = page.getByRole("region", { name: "From the blog" });
  const newest = await teaser.getByRole("heading", { level: 3 }).first().textContent();
  await teaser.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/blogdetail$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(newest!);
});

test("unknown and draft posts are not found", async ({ page }) => {
  for (const slug of ["no-such-post", "coming-soon-our-autumn-flavour-line-up"]) {
    const response = await page.goto(`/blog/${slug}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});
