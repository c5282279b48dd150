import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import Database from "better-sqlite3";
import { dutyMessages } from "../../app/modules/duty/duty";
import { fillGoodsInLine } from "./support/goods-in";
import { createStaff, signInAsStaff } from "./support/admin";
import { E2E_DIR } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** A variant's SKU, as staff read it off the supplier's invoice: the last size of a flavour no other journey buys. */
function someSku(): string {
  const db = new Database(`${E2E_DIR}/shop.db`, { readonly: true });
  try {
    const row = db
      .prepare(
        "select v.sku from variants v join flavours f on f.id = v.item_id and v.kind = 'flavour' where v.archived = 0 and f.archived = 0 and v.sku <> '' order by f.name desc, v.position desc limit 1",
      )
      .get() as { sku: string };
    return row.sku;
  } finally {
    db.close();
  }
}

test("staff record a delivery of 10 stamped and 5 lawful unstamped units, and download the goods-in report", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sku = someSku();
  const invoice = `INV-${Date.now().toString(36).toUpperCase()}`;
  await signInAsStaff(page, createStaff("goods-in"));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Goods in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Goods in" })).toBeVisible();

  // A wrong line is refused under its field, and the form keeps what was typed.
  await page.getByRole("textbox", { name: "Supplier", exact: true }).fill("Vape Wholesale Ltd");
  await page.getByLabel("Invoice reference").fill(invoice);
  await page.getByLabel("Approval reference").fill("VPD-AB-12345");
  await fillGoodsInLine(page, 1, { sku, units: "-10", stamped: "Yes" });
  await page.getByRole("button", { name: "Record delivery" }).click();
  await expect(page.getByLabel("Units, line 1")).toHaveAccessibleDescription(dutyMessages.unitsShape);
  await expect(page.getByLabel("Variant (SKU), line 1")).toHaveValue(sku);

  await page.getByLabel("Units, line 1").fill("10");
  await fillGoodsInLine(page, 2, { sku, units: "5", stamped: "No", madeBefore: "Yes" });
  await page.getByRole("button", { name: "Record delivery" }).click();
  await expect(page.getByRole("status").filter({ hasText: invoice })).toHaveText(dutyMessages.recorded(invoice, 15));
  const row = page.getByRole("table", { name: "Latest deliveries" }).getByRole("row").filter({ hasText: invoice });
  await expect(row).toContainText("Vape Wholesale Ltd");
  await expect(row).toContainText("VPD-AB-12345");
  await expect(page.getByLabel("Variant (SKU), line 1")).toHaveValue("");

  // The goods-in report of the period holds both lines.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Goods in (CSV)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^goods-in-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await file.path(), "utf8").split("\n");
  expect(lines.filter((l) => l.includes(`${invoice},${sku},10,stamped,`))).toHaveLength(1);
  expect(lines.filter((l) => l.includes(`${invoice},${sku},5,unstamped,yes,5,0,`))).toHaveLength(1);
});

test("unstamped units made after the duty began are held back, and staff record their return on the dashboard", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const sku = someSku();
  const invoice = `INV-${Date.now().toString(36).toUpperCase()}`;
  await signInAsStaff(page, createStaff("held-back"));
  await page.goto("/admin/goods-in");
  await page.getByRole("textbox", { name: "Supplier", exact: true }).fill("Late Liquids Ltd");
  await page.getByLabel("Invoice reference").fill(invoice);
  await page.getByLabel("Approval reference").fill("LL-777");
  await fillGoodsInLine(page, 1, { sku, units: "2", stamped: "No", madeBefore: "No" });
  await page.getByRole("button", { name: "Record delivery" }).click();
  const status = page.getByRole("status").filter({ hasText: invoice });
  await expect(status).toContainText(dutyMessages.recorded(invoice, 2));
  await expect(status).toContainText(dutyMessages.quarantinedNote(2));

  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Dashboard" }).click();
  const held = page.getByRole("region", { name: "Held back from sale (unstamped)" }).getByRole("group", { name: sku });
  const units = held.getByLabel(`Units, ${sku}`);
  await expect(units).toHaveValue("2");
  await held.getByLabel(`Supplier's or destruction reference, ${sku}`).fill("");
  await held.getByRole("button", { name: "Return to supplier" }).click();
  await expect(held.getByLabel(`Supplier's or destruction reference, ${sku}`)).toHaveAccessibleDescription(
    dutyMessages.disposalReferenceMissing,
  );
  await held.getByLabel(`Supplier's or destruction reference, ${sku}`).fill("RMA-778");
  await held.getByRole("button", { name: "Return to supplier" }).click();
  await expect(page.getByRole("status").filter({ hasText: "returned" })).toHaveText(
    dutyMessages.disposed(2, "returned"),
  );
  await expect(page.getByRole("region", { name: "Held back from sale (unstamped)" })).toHaveCount(0);
});
