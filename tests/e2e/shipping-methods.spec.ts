// Shipping methods set in the back office (issue 64, docs/decisions/082), in a browser on SQLite and PostgreSQL, each
// on a shop of its own: the owner changes Express to £6.95 and 2 days; a new order shows both at the shipping step,
// the payment step and on the order's own page.
import { expect, test } from "@playwright/test";
import { addDays, formatDeliveryDate, shopDate } from "../../app/lib/shop-time";
import { createStaffAsync, signInAsStaff } from "./support/admin";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addAddress, addFlavourToCart, placeOrderViaWhatsApp } from "./support/checkout";
import { browserAt, ownShopOn } from "./support/own-shop";

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`shipping methods on ${database}`, () => {
    const shop = ownShopOn(database);

    test("the owner makes Express £6.95 in 2 days, and a new order shows both", async ({ browser }) => {
      const own = shop();
      test.setTimeout(120_000);
      const owner = await browserAt(browser, own.base);
      await signInAsStaff(owner, await createStaffAsync(`shipping-owner-${database}`, own.databaseUrl));
      await owner.goto("/admin");
      await owner.getByRole("link", { name: "Shipping", exact: true }).first().click();
      await expect(owner.getByRole("heading", { level: 1, name: "Shipping" })).toBeVisible();
      await expect(owner.getByRole("table", { name: "Shipping methods" }).getByRole("row")).toHaveCount(4);

      // A price below nothing is refused under its field, and nothing changes.
      await owner.getByRole("link", { name: "Edit Express Shipping" }).click();
      await owner.getByLabel("Price including VAT (£)").fill("-1");
      await owner.getByRole("button", { name: "Save method" }).click();
      await expect(owner.getByText("Please enter a price of 0 or more, such as 8.50")).toBeVisible();
      await expect(owner.getByRole("row", { name: "Express Shipping" })).toContainText("£8.50");

      await owner.getByLabel("Price including VAT (£)").fill("6.95");
      await owner.getByLabel("Days to deliver").fill("2");
      await owner.getByRole("button", { name: "Save method" }).click();
      await expect(owner.getByRole("status")).toContainText("Saved Express Shipping.");
      const row = owner.getByRole("row", { name: "Express Shipping" });
      await expect(row).toContainText("£6.95");
      await expect(row).toContainText("In 2 days");

      // A customer orders with Express: £6.95, delivered two days from today.
      const day = formatDeliveryDate(addDays(shopDate(), 2));
      const customer = await browserAt(browser, own.base);
      await signedUp(customer, uniqueEmail(`shipping-customer-${database}`), { firstName: "Robin" });
      await addFlavourToCart(customer);
      await customer.goto("/cart");
      await customer.getByRole("link", { name: "Checkout" }).click();
      await addAddress(customer);
      await customer.getByRole("button", { name: "Next" }).click();
      await expect(customer).toHaveURL(/\/cart-shipping$/);
      const express = customer.getByRole("radio", { name: /^Express Shipping\b/ });
      await expect(express).toHaveAccessibleName(`Express Shipping Delivered by ${day} £6.95`);
      await express.check();
      await customer.getByRole("button", { name: "Next" }).click();
      await expect(customer).toHaveURL(/\/payment$/);
      await expect(customer.getByText(`Express Shipping${day}`)).toBeVisible();
      await expect(customer.getByRole("complementary")).toContainText("£6.95");

      const orderId = await placeOrderViaWhatsApp(customer);
      await customer.goto(`/account/orders/${orderId}`);
      const page = customer.getByRole("main");
      await expect(page).toContainText("Express Shipping");
      await expect(page).toContainText(day);
      await expect(page).toContainText("£6.95");
    });
  });
}
