import { expect, test } from "@playwright/test";
import { confirmAgeByCookie } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => confirmAgeByCookie(context, baseURL!));

test("a visitor searches from the header and opens a result", async ({ page }) => {
  await page.goto("/about");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search devices and flavours" });
  await box.fill("Hayati Mini");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=Hayati\+Mini$/);
  await expect(page.getByRole("status")).toHaveText(/^\d+ results for “Hayati Mini”$/);
  const cards = page.getByRole("main").getByRole("article");
  await expect(cards).toHaveCount(8);
  // Every word in the name first: the device, then its flavours (the device's name is their tag).
  await expect(cards.first()).toContainText("Hayati Mini 1500");
  await expect(cards.first()).toContainText("Device");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/q=Hayati\+Mini&page=2/);
  await page.getByRole("main").getByRole("article").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/flavour\/[a-z0-9]+$/);
  await expect(page.getByRole("link", { name: "Hayati Mini 1500" })).toBeVisible();
});

test("search ignores case and finds flavours by taste", async ({ page }) => {
  await page.goto("/search?q=MANGO");
  await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “MANGO”$/);
  const names = await page.getByRole("main").getByRole("article").getByRole("heading").allTextContents();
  expect(names.length).toBeGreaterThan(0);
});

test("no match gives a helpful empty state; odd characters are just text", async ({ page }) => {
  const problems: string[] = [];
  page.on("dialog", (d) => problems.push(d.message()));
  for (const q of ["zzzqqq", "100%_'\"; --", "<script>alert(1)</script>"]) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.getByRole("status")).toHaveText(`0 results for “${q}”`);
    await expect(page.getByText("No devices or flavours match your search.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Browse all products" })).toBeVisible();
  }
  expect(problems).toEqual([]);
  await page.goto(`/search?q=${"a".repeat(150)}`);
  await expect(page.getByRole("alert")).toHaveText("Please use at most 100 characters to search.");
});
