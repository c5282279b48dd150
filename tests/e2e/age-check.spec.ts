import { expect, test } from "@playwright/test";

test.describe("the 18+ age check", () => {
  test("a visitor confirms their age and is not asked again", async ({ page }) => {
    await page.goto("/flavours");
    const dialog = page.getByRole("dialog", { name: "Are you 18 or over?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Yes, I am 18 or over" })).toBeFocused();
    // The shop under the dialog is rendered but cannot be used until the visitor answers.
    await expect(page.getByRole("heading", { name: "Flavours", level: 1 })).toBeAttached();

    await dialog.getByRole("button", { name: "Yes, I am 18 or over" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/flavours$/);
    await expect(page.getByRole("heading", { name: "Flavours", level: 1 })).toBeVisible();

    await page.reload();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("'No' gets a polite refusal and the shop stays closed", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "No", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Are you 18 or over?" });
    await expect(dialog).toContainText("Sorry, you must be 18 or over to visit this shop.");
    await page.goto("/products");
    await expect(page.getByRole("dialog")).toContainText("Sorry, you must be 18 or over");
  });

  test("works with the keyboard and without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/about");
    await expect(page.getByRole("heading", { name: /About/, level: 1 })).toBeAttached();
    await page.getByRole("button", { name: "Yes, I am 18 or over" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await context.close();
  });

  test("search engines get the shop's content behind the dialog", async ({ request }) => {
    const response = await request.get("/");
    const html = await response.text();
    expect(html).toContain("Are you 18 or over?");
    expect(html).toContain("Premium Legal Vapes. Fresh Flavors. Quick Delivery.");
    expect(html).toContain("Crystal Pro Switch 30K");
  });
});
