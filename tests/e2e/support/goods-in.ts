import type { Page } from "@playwright/test";

/** One line of the Goods in page's delivery form, filled in as staff do from the supplier's invoice. */
export async function fillGoodsInLine(
  page: Page,
  line: number,
  values: { sku: string; units: string; stamped: "Yes" | "No"; madeBefore?: "Yes" | "No" },
) {
  await page.getByLabel(`Variant (SKU), line ${line}`).fill(values.sku);
  await page.getByLabel(`Units, line ${line}`).fill(values.units);
  await page
    .getByRole("group", { name: `Stamped, line ${line}` })
    .getByLabel(values.stamped)
    .check();
  if (values.madeBefore)
    await page
      .getByRole("group", { name: `Made or imported before 1 October 2026, line ${line}` })
      .getByLabel(values.madeBefore)
      .check();
}
