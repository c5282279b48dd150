// A search that forgives a typo (issue 64, docs/decisions/086), on SQLite and on PostgreSQL, each a shop of its own
// with the demo catalogue: 'strawbery' typed in the header's search box suggests the Strawberry flavours and says
// what it searched for; the results page finds them too; an unrelated word still finds nothing, and says so.
import { expect, test } from "@playwright/test";
import { browserAt, ownShopOn } from "./support/own-shop";

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`typo search on ${database}`, () => {
    const shop = ownShopOn(database);

    test("'strawbery' finds the Strawberry flavours, in the suggestions and on the results page", async ({
      browser,
    }) => {
      const own = shop();
      const page = await browserAt(browser, own.base);
      await page.goto("/about");
      const box = page.getByRole("banner").getByRole("combobox", { name: "Search devices and flavours" });
      await box.pressSequentially("strawbery", { delay: 20 });
      const list = page.getByRole("listbox", { name: "Search suggestions" });
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(list.getByRole("option", { name: /^Strawberry Ice Hayati Mini 1500/ })).toBeVisible();
      await expect(
        page.getByRole("banner").getByText("Showing results for “strawberry”", { exact: true }),
      ).toBeVisible();

      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=strawbery$/);
      await expect(page.getByRole("status")).toHaveText(
        /^\d+ results for “strawbery”\. Showing results for “strawberry”\.$/,
      );
      const cards = page.getByRole("main").getByRole("article");
      await expect(cards.first()).toContainText("Strawberry");
      await expect(page.getByRole("main").getByRole("article").filter({ hasText: "Strawberry Ice" })).toHaveCount(1);

      await page.goto("/search?q=xylophone");
      await expect(page.getByRole("status")).toHaveText("0 results for “xylophone”");
      await expect(page.getByText("No devices or flavours match your search.")).toBeVisible();
    });
  });
}
