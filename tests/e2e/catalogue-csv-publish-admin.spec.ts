import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { createStaff, signInAsStaff } from "./support/admin";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// The catalogue file carries what publishing needs (docs/decisions/069), in the back-office project (it adds
// devices): an item marked active is shown when it may be, the others kept as drafts with why; 'Publish selected'
// on the list publishes drafts in one go; a check lists only the rows that change; a Shopify product without a
// nicotine strength is given one on the page.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

const HEADER =
  "SKU,Type,Handle,Name,Description,Device,Flavour,Nicotine strength (mg),Puff count,Barcode,Price,Stock,Track stock,Images,MHRA number,Rechargeable,Refill,Pod size (ml),Bottle size (ml),Status";
const IMAGE = "/images/catalog/crystal-pro-switch-30k-1.svg";

async function check(page: Page, name: string, text: string) {
  await page.goto("/admin/catalogue-import");
  await page
    .getByLabel("Catalogue file (CSV)")
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
  await page.getByRole("button", { name: "Check file" }).click();
}

test("a file's active items are shown when they may be; the rest are published from the list once put right", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("csv-publish"));
  const run = Date.now().toString(36);
  const ready = `Ready Kit ${run}`;
  const lacking = `Lacking Kit ${run}`;
  const row = (handle: string, name: string, answers: string) =>
    `${handle.toUpperCase()}-10,Device,${handle},${name},A pod kit.,,Mint,10,,,19.99,5,yes,${IMAGE},12345-22-67890,${answers},active`;
  await check(
    page,
    "kits.csv",
    [HEADER, row(`ready-kit-${run}`, ready, "yes,pods,2,"), row(`lacking-kit-${run}`, lacking, ",,2,")].join("\r\n"),
  );
  await expect(page.getByRole("status")).toContainText(
    "2 new items, 2 new variants, 0 variants to update, 0 unchanged, 1 item to show in the shop, 1 item marked active to stay drafts",
  );
  const kept = page.getByRole("region", { name: /Marked active, but to be saved as drafts/ });
  await expect(kept).toContainText(`Line 3, ${lacking}: Rechargeable: Single-use vapes are banned`);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Imported: 2 new items");

  // The ready kit is in the shop at once; the other waits as a draft.
  await page.goto(`/search?q=${encodeURIComponent(ready)}`);
  await expect(page.getByRole("link", { name: ready }).first()).toBeVisible();

  // 'Publish selected' says why the draft may not be shown yet.
  await page.goto(`/admin/products?show=archived&q=${encodeURIComponent(run)}`);
  await page.getByRole("checkbox", { name: `Select ${lacking}` }).check();
  await page.getByRole("button", { name: "Publish selected" }).click();
  await expect(page.getByRole("alert")).toContainText(`${lacking}: Rechargeable: Single-use vapes are banned`);

  // Put right by a file (its answers, still a draft), it is published from the list with the others ticked.
  await check(
    page,
    "answers.csv",
    [HEADER, row(`lacking-kit-${run}`, lacking, "yes,coils,2,").replace(/active$/, "draft")].join("\r\n"),
  );
  await expect(page.getByRole("table", { name: "The rows that would change" })).toContainText(
    "Updated: rechargeable; refill: replaceable coils",
  );
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Imported: 0 new items, 0 new variants, 1 variant updated");
  await page.goto(`/admin/products?show=archived&q=${encodeURIComponent(run)}`);
  await page.getByLabel("Select all drafts on this page").check();
  await expect(page.getByRole("checkbox", { name: `Select ${lacking}` })).toBeChecked();
  await page.getByRole("button", { name: "Publish selected" }).click();
  await expect(page.getByRole("status")).toContainText(`Published 1 item: they are shown in the shop now (${lacking})`);
  await page.goto(`/search?q=${encodeURIComponent(lacking)}`);
  await expect(page.getByRole("link", { name: lacking }).first()).toBeVisible();
});

test("a check of the shop's own export lists only the rows that change, and counts the rest", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("csv-unchanged"));
  await page.goto("/admin/products");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const records: string[][] = parse(readFileSync(await (await download).path(), "utf8"));
  // The 3rd variant's stock up by one: line 4 of the file.
  const stockAt = records[0]!.indexOf("Stock");
  const before = records[3]![stockAt]!;
  records[3]![stockAt] = String(Number(before) + 1);
  await check(page, "export.csv", stringify(records));
  const plan = page.getByRole("table", { name: "The rows that would change" });
  await expect(plan).toContainText(`Updated: stock ${before} → ${Number(before) + 1}`);
  // Not every row of the file: the one changed (other journeys beside this one may change a few more meanwhile).
  expect(await plan.getByRole("row").count()).toBeLessThan(10);
  await expect(page.getByText(/^\d+ rows are unchanged and not listed\.$/)).toBeVisible();
});

test("a Shopify product without a nicotine strength is given one on the page, and the rest import", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("csv-strength"));
  const run = Date.now().toString(36);
  const text = [
    "Handle,Title,Body (HTML),Type,Tags,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Tracker,Variant Inventory Qty,Variant Price,Status",
    `size-liquid-${run},Size Liquid ${run},<p>Cool.</p>,E-liquid,hayati-pro-max-6000,Size,10mg,SIZE-${run}-10,shopify,3,3.99,active`,
    `size-liquid-${run},,,,,,20 mg,SIZE-${run}-20,shopify,2,3.99,`,
    `solo-liquid-${run},Solo Liquid ${run},<p>Smooth.</p>,E-liquid,hayati-pro-max-6000,Title,Default Title,SOLO-${run},shopify,4,3.49,active`,
  ].join("\r\n");
  await check(page, "shopify.csv", text);
  await expect(page.getByRole("status")).toContainText("1 new item, 2 new variants");
  const strength = page.getByLabel(`Nicotine strength of Solo Liquid ${run} (line 4, 1 variant), mg/ml`);
  await strength.fill("25");
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByText('The nicotine strength "25" must be a whole number of mg/ml from 0 to 20')).toBeVisible();
  await page.getByLabel(`Nicotine strength of Solo Liquid ${run} (line 4, 1 variant), mg/ml`).fill("0");
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByRole("status")).toContainText("2 new items, 3 new variants");
  await expect(page.getByRole("group", { name: /has no nicotine strength/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("Imported: 2 new items, 3 new variants");
  await page.goto(`/admin/flavours?q=${encodeURIComponent(run)}`);
  await expect(page.getByRole("link", { name: `Solo Liquid ${run}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Size Liquid ${run}` })).toBeVisible();
});
