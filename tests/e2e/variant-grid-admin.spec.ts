import { expect, test } from "@playwright/test";
import { createStaff, signInAsStaff } from "./support/admin";
import { confirmAgeByCookie, expectNoHorizontalScroll, ownClientAddress, watchConsole } from "./support/shop";

// Issue 30: staff set one variant's stock and barcode in the variant grid of a device's page. The device is one no
// other journey changes (Hayati Mini 1500); its last variant, Sweet Tobacco 20 mg, is the one changed.
const variant = "Sweet Tobacco, 20 mg, 1500 puffs";
const sku = "hayati-mini-1500-sweet-tobacco-20mg-1500";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("staff find a device by a variant's SKU, set that variant's stock and barcode in the grid; a wrong check digit saves nothing", async ({
  page,
}) => {
  test.setTimeout(120_000); // staff sign-in with two-factor set-up, then four saves and loads
  const problems = watchConsole(page);
  await signInAsStaff(page, createStaff("variant-grid"));
  await page.goto("/admin/products");
  const search = page.getByRole("search", { name: "Search by name, slug, SKU or barcode" });
  await search.getByRole("searchbox").fill(sku);
  await search.getByRole("button", { name: "Search" }).click();
  await page.getByRole("table", { name: "Devices" }).getByRole("link", { name: "Hayati Mini 1500" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit device" })).toBeVisible();

  const variants = page.getByRole("form", { name: "Variants" });
  const stock = variants.getByRole("textbox", { name: `Stock of ${variant}` });
  const barcode = variants.getByRole("textbox", { name: `Barcode of ${variant}` });
  await expect(variants.getByRole("textbox", { name: `SKU of ${variant}` })).toHaveValue(sku);
  await stock.fill("37");
  await barcode.fill("5012345678900");
  await variants.getByRole("button", { name: "Save variants" }).click();

  await expect(page.getByRole("status").filter({ hasText: "Variants saved." })).toBeVisible();
  await expect(stock).toHaveValue("37");
  await expect(barcode).toHaveValue("5012345678900");
  const history = page.getByRole("table", { name: "Stock history" });
  await expect(history.getByRole("row").nth(1)).toContainText(variant.split(",")[0]!);
  await expect(history.getByRole("row").nth(1)).toContainText("Set on the item's page");
  await expect(history.getByRole("row").nth(1)).toContainText(sku);

  // A barcode with a wrong check digit: said under that field, and nothing of the grid is saved.
  const other = "Cola Ice, 10 mg, 1500 puffs";
  const otherStock = variants.getByRole("textbox", { name: `Stock of ${other}` });
  const stockBefore = await otherStock.inputValue();
  await otherStock.fill("55");
  await variants.getByRole("textbox", { name: `Barcode of ${other}` }).fill("5012345678901");
  await variants.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the variants marked below. Nothing was saved.");
  const wrong = variants.getByRole("textbox", { name: `Barcode of ${other}` });
  await expect(wrong).toHaveAttribute("aria-invalid", "true");
  await expect(wrong).toHaveAccessibleDescription("The barcode 5012345678901 has a wrong check digit.");
  await page.reload();
  await expect(variants.getByRole("textbox", { name: `Stock of ${other}` })).toHaveValue(stockBefore);
  await expect(variants.getByRole("textbox", { name: `Barcode of ${other}` })).toHaveValue("");
  await expect(stock).toHaveValue("37");

  // The history of that one variant alone.
  await page.getByRole("combobox", { name: "History of" }).selectOption({ label: `${variant} (${sku})` });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/\?variant=/);
  const rows = history.getByRole("row");
  await expect(rows.nth(1)).toContainText(sku);
  expect(await rows.count()).toBeGreaterThan(1);
  for (const row of (await rows.all()).slice(1)) await expect(row).toContainText(sku);

  // On a phone the grid's rows are cards, nothing off the side of the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expect(stock).toBeVisible();
  // (The refused save is answered 400, as every refused form is; the browser logs that status.)
  expect(problems.filter((problem) => !problem.includes("status of 400"))).toEqual([]);
});

test("staff set a flavour variant's liquid in the grid and see the duty it carries; a shown flavour keeps it", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("variant-liquid"));
  // Lychee Ice for the Hayati Rubik 7000: a demo flavour no other journey changes, 2 ml pods.
  await page.goto("/admin/flavours?q=lychee-ice-hayati-rubik-7000");
  await page.getByRole("table", { name: "Flavours" }).getByRole("link", { name: "Lychee Ice" }).click();
  const variants = page.getByRole("form", { name: "Variants" });
  const liquid = variants.getByRole("textbox", { name: "Liquid (ml) of 10 mg" });
  await expect(liquid).toHaveValue("2");
  await expect(variants.getByRole("row", { name: /^10 mg/ })).toContainText("Duty £0.44");

  await liquid.fill("1.5");
  await variants.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Variants saved." })).toBeVisible();
  await expect(liquid).toHaveValue("1.5");
  await expect(variants.getByRole("row", { name: /^10 mg/ })).toContainText("Duty £0.33");

  // Shown in the shop, the flavour keeps the liquid of each variant it sells: an empty field is refused under it.
  await liquid.fill("");
  await variants.getByRole("button", { name: "Save variants" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please correct the variants marked below. Nothing was saved.");
  await expect(liquid).toHaveAttribute("aria-invalid", "true");
  await expect(liquid).toHaveAccessibleDescription(
    "Enter the liquid in one unit (ml) of each variant before publishing: the duty record needs it",
  );
  await page.reload();
  await expect(liquid).toHaveValue("1.5");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the grid saves as a plain form", async ({ page }) => {
    await signInAsStaff(page, createStaff("variant-grid-plain"));
    await page.goto("/admin/products");
    await page.getByRole("table", { name: "Devices" }).getByRole("link", { name: "Hayati Mini 1500" }).click();
    const variants = page.getByRole("form", { name: "Variants" });
    const name = "Menthol, 10 mg, 1500 puffs";
    await variants.getByRole("textbox", { name: `Price of ${name}` }).fill("6.49");
    await variants.getByRole("button", { name: "Save variants" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Variants saved." })).toBeVisible();
    await expect(variants.getByRole("textbox", { name: `Price of ${name}` })).toHaveValue("6.49");
  });
});
