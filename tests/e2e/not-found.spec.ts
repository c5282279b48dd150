import { expect, test } from "@playwright/test";
import { confirmAgeByCookie } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

for (const path of [
  "/productdetail/unknown-id",
  "/productdetail/..%2F..%2Fetc",
  "/flavour/does-not-exist",
  "/flavour/%27%20or%201%3D1",
  "/info/nothing",
  "/no/such/page",
]) {
  test(`${path} gives the 404 page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page).toHaveTitle("Page not found");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}
