// A search that forgives a typo (issue 64, docs/decisions/086), on SQLite and on PostgreSQL, each a shop of its own
// with the demo catalogue: 'strawbery' typed in the header's search box suggests the Strawberry flavours and says
// what it searched for; the results page finds them too; an unrelated word still finds nothing, and says so.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { startOwnShop, type OwnShop } from "./support/own-shop";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

async function browserAt(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, base);
  return context.newPage();
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`typo search on ${database}`, () => {
    let own: OwnShop;
    let pg: OwnPostgres | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (database === "postgres") pg = await startOwnPostgres();
      own = await startOwnShop(pg);
    });
    test.afterAll(async () => {
      await own?.stop();
      pg?.destroy();
    });

    test("'strawbery' finds the Strawberry flavours, in the suggestions and on the results page", async ({
      browser,
    }) => {
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
