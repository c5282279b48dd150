import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { createStaff, signInAsStaff } from "./support/admin";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// Issue 30, in the back-office project (it adds a device and a flavour, as drafts): staff export the catalogue, then
// import a CSV with a dry run first, see a bad file refused line by line with nothing saved, and update a variant's
// stock by SKU.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

// The columns of a file exported before the publishing columns (docs/decisions/069): such a file still imports.
const HEADER =
  "SKU,Type,Handle,Name,Description,Device,Flavour,Nicotine strength (mg),Puff count,Barcode,Price,Stock,Track stock,Images,MHRA number";
const EXPORT_HEADER = `${HEADER},Rechargeable,Refill,Pod size (ml),Bottle size (ml),Liquid (ml),Status`;

async function chooseFile(page: Page, name: string, text: string) {
  await page
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Check file" }).click();
}

test("staff export the catalogue, and import a CSV after a dry run; a bad file saves nothing", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("csv"));
  await page.goto("/admin/flavours");

  // Export CSV: the whole catalogue, one row per variant.
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const saved = await (await download).path();
  const exported = readFileSync(saved, "utf8").split("\r\n");
  expect(exported[0]).toBe(EXPORT_HEADER);
  expect(exported.length).toBeGreaterThan(100);

  // A new device and one of its flavours, checked first: nothing is saved by the check.
  const run = Date.now().toString(36);
  const kit = `csv-kit-${run}`;
  const sku = `CSV-KIT-${run}`.toUpperCase();
  const file = [
    HEADER,
    `${sku}-10,Device,${kit},CSV Journey Kit ${run},"A kit, from a file.",,Mint,10,600,,19.99,12,yes,,`,
    `${sku}-MANGO,Flavour,csv-mango-${run},CSV Mango ${run},Mango pods.,${kit},,20,,,4.50,30,yes,,`,
  ].join("\r\n");
  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import CSV" })).toBeVisible();
  await chooseFile(page, "new-kit.csv", file);
  await expect(page.getByRole("status")).toContainText(
    "Checked new-kit.csv (the shop's format): 2 new items, 2 new variants, 0 variants to update, 0 unchanged. Nothing is saved yet.",
  );
  const plan = page.getByRole("table", { name: "The rows that would change" });
  await expect(plan.getByRole("row", { name: new RegExp(`${sku}-10`) })).toContainText(
    "New item: price £19.99; stock 12",
  );
  await expect(plan.getByRole("row", { name: new RegExp(`${sku}-MANGO`) })).toContainText("New item");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Imported: 2 new items, 2 new variants, 0 variants updated, 0 unchanged.",
  );

  // The device is there (a draft), found by its SKU.
  await page.goto(`/admin/products?q=${encodeURIComponent(`${sku}-10`)}`);
  await expect(page.getByRole("link", { name: `CSV Journey Kit ${run}` })).toBeVisible();

  // A bad file: each problem by line, nothing imported (the stock on its good row is not changed either).
  await page.goto("/admin/catalogue-import");
  await chooseFile(
    page,
    "bad.csv",
    [
      HEADER,
      `${sku}-10,Device,${kit},CSV Journey Kit ${run},A kit.,,Mint,10,600,,19.99,99,yes,,`,
      `${sku}-20,Device,${kit},CSV Journey Kit ${run},A kit.,,Mint,20,600,5012345678901,19.99,5,yes,,`,
    ].join("\r\n"),
  );
  await expect(page.getByRole("alert")).toContainText(
    "Nothing was imported: 1 problem to put right in the file first.",
  );
  await expect(page.getByRole("alert")).toContainText("Line 3:");
  await expect(page.getByRole("alert")).toContainText("5012345678901");

  // An update by SKU: the check shows the change, Import makes it.
  await chooseFile(
    page,
    "stock.csv",
    [HEADER, `${sku}-10,Device,${kit},CSV Journey Kit ${run},"A kit, from a file.",,Mint,10,600,,19.99,20,yes,,`].join(
      "\r\n",
    ),
  );
  await expect(
    page.getByRole("table", { name: "The rows that would change" }).getByRole("row", { name: new RegExp(`${sku}-10`) }),
  ).toContainText("Updated: stock 12 → 20");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Imported: 0 new items, 0 new variants, 1 variant updated, 0 unchanged.",
  );
  await page.goto(`/admin/products?q=${encodeURIComponent(`${sku}-10`)}`);
  await expect(page.getByRole("row", { name: new RegExp(`CSV Journey Kit ${run}`) })).toContainText("20");
});
