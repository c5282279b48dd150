// Reports in a browser (issue 64), on SQLite and on PostgreSQL, each on a shop of its own: two customers order by
// WhatsApp, the owner records both payments and refunds part of one by hand; the month's report shows the net sales
// and VAT a hand calculation gives, and the daily CSV, the VAT summary and the orders CSV hold the same figures.
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { createStaffAsync, recordPayment, signInAsStaff } from "./support/admin";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { browserAt, ownShopOn } from "./support/own-shop";
import { axeViolations } from "./support/axe";

/** "43.47" → 4347 */
const penceOf = (pounds: string) => Math.round(Number(pounds) * 100);
/** 4347 → "43.47" */
const pounds = (pence: number) => `${pence < 0 ? "-" : ""}${(Math.abs(pence) / 100).toFixed(2)}`;

async function downloadCsv(page: Page, link: string): Promise<string[][]> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: link }).click();
  const text = await readFile((await (await downloading).path())!, "utf8");
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`reports on ${database}`, () => {
    const shop = ownShopOn(database);

    test("two orders, one refunded in part: the month's net sales and VAT, on the page and in the CSVs", async ({
      browser,
    }) => {
      const own = shop();
      test.setTimeout(240_000);
      const orders: string[] = [];
      for (const name of ["Ruth", "Reza"]) {
        const customer = await browserAt(browser, own.base);
        await signedUp(customer, uniqueEmail(`reports-${name.toLowerCase()}-${database}`), { firstName: name });
        await addFlavourToCart(customer);
        await checkoutToPayment(customer);
        orders.push(await placeOrderViaWhatsApp(customer));
        await customer.context().close();
      }

      // The owner records both payments (bank transfers) and refunds £1.50 of the first by hand.
      const owner = await browserAt(browser, own.base);
      await signInAsStaff(owner, await createStaffAsync(`reports-owner-${database}`, own.databaseUrl));
      const totals: number[] = [];
      for (const orderId of orders) {
        await owner.goto(`/admin/orders/${orderId}`);
        totals.push(penceOf(await recordPayment(owner)));
        await expect(owner.getByRole("status")).toContainText(`The payment for order ${orderId} is recorded`);
      }
      await owner.goto(`/admin/orders/${orders[0]}`);
      const refund = owner.getByRole("form", { name: "Refund" });
      await refund.getByLabel("Refund method").selectOption({ label: "Bank transfer" });
      await refund.getByLabel("Refund reference").fill("BACS-REFUND-1");
      await refund.getByLabel("Amount refunded").fill("1.50");
      await refund.getByRole("button", { name: "Mark refunded" }).click();
      await expect(owner.getByRole("status")).toContainText(`Order ${orders[0]} is now Refunded.`);

      // By hand: prices include VAT at 20 %, so an amount holds 1/6 of itself as VAT (to the penny); the refund holds
      // its share of its order's VAT.
      const vat = (pence: number) => Math.round((pence * 20) / 120);
      const sales = totals[0]! + totals[1]!;
      const salesVat = vat(totals[0]!) + vat(totals[1]!);
      const refundVat = Math.round((150 * vat(totals[0]!)) / totals[0]!);
      const netSales = sales - 150;
      const netVat = salesVat - refundVat;
      const money = (pence: number) => `£${pounds(pence).replace(/\B(?=(\d{3})+\.)/g, ",")}`;

      await owner
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Reports" })
        .first()
        .click();
      await expect(owner.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
      const totalsTable = owner.getByRole("table", { name: "Totals for the period" });
      await expect(totalsTable.getByRole("row", { name: /^Orders/ })).toContainText("2");
      await expect(totalsTable.getByRole("row", { name: /Sales including VAT/ })).toContainText(money(sales));
      await expect(totalsTable.getByRole("row", { name: /Refunds including VAT/ })).toContainText("£1.50");
      await expect(totalsTable.getByRole("row", { name: /Net sales/ })).toContainText(money(netSales));
      await expect(totalsTable.getByRole("row", { name: /Net VAT/ })).toContainText(money(netVat));
      await expect(owner.getByRole("img", { name: /Net sales per day/ })).toBeVisible();
      expect(await axeViolations(owner)).toEqual([]);
      // At 360 px wide the page is still read without scrolling sideways (wide tables scroll in their own box).
      await owner.setViewportSize({ width: 360, height: 800 });
      expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await owner.setViewportSize({ width: 1280, height: 800 });

      // The daily CSV adds up to the same; the VAT summary's one row (the month, within its quarter) says it too.
      const daily = await downloadCsv(owner, "Download daily CSV");
      const column = (name: string) => daily[0]!.indexOf(name);
      const sum = (name: string) => daily.slice(1).reduce((total, row) => total + penceOf(row[column(name)]!), 0);
      expect(sum("Sales incl VAT")).toBe(sales);
      expect(sum("Net sales incl VAT")).toBe(netSales);
      expect(sum("Net VAT")).toBe(netVat);
      const summary = await downloadCsv(owner, "Download VAT summary CSV");
      expect(summary).toHaveLength(2);
      expect(summary[1]!.slice(2)).toEqual(
        [sales, salesVat, 150, refundVat, netSales, netVat].map((pence) => pounds(pence)),
      );

      // The orders CSV: one row per order with its total and what was refunded.
      await owner
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Orders" })
        .first()
        .click();
      const rows = await downloadCsv(owner, "Download CSV");
      expect(rows).toHaveLength(3);
      const refunded = rows.find((row) => row[0] === orders[0])!;
      expect(refunded[rows[0]!.indexOf("Total")]).toBe(pounds(totals[0]!));
      expect(refunded[rows[0]!.indexOf("Refunded")]).toBe("1.50");
      await owner.context().close();
    });
  });
}
