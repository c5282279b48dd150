// Returns by line in a browser (issue 64, docs/decisions/083), on SQLite and on PostgreSQL, each on a shop of its
// own: a customer with a delivered order of two lines returns one of them; staff accept it back into stock; the
// variant's stock goes up by that quantity (its stock history says so) and the refund recorded is that line's amount.
import { expect, test, type Page } from "@playwright/test";
import { createStaffAsync, recordPayment, signInAsStaff } from "./support/admin";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { browserAt, ownShopOn } from "./support/own-shop";

/** Adds the first flavour in stock from the `from`th on to the cart; answers its id (its back-office page's). */
async function addFlavour(page: Page, from: number): Promise<string> {
  for (let index = from; index < from + 5; index++) {
    await page.goto("/flavours?device=hayati-rubik-7000");
    await page.locator("main article").nth(index).getByRole("link").click();
    await expect(page).toHaveURL(/\/flavour\/[a-z0-9]+$/);
    const button = page.getByRole("button", { name: "Add to Cart" });
    if (await button.isDisabled()) continue;
    const id = new URL(page.url()).pathname.split("/").pop()!;
    await button.click();
    await page.waitForURL((url) => !url.pathname.startsWith("/flavour/"));
    return id;
  }
  throw new Error("no flavour in stock");
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`returns by line on ${database}`, () => {
    const shop = ownShopOn(database);

    test("one of two lines is returned, accepted back into stock, and refunded at that line's amount", async ({
      browser,
    }) => {
      const own = shop();
      test.setTimeout(180_000);
      const customer = await browserAt(browser, own.base);
      const email = uniqueEmail(`by-line-${database}`);
      await signedUp(customer, email, { firstName: "Robin" });
      const returned = await addFlavour(customer, 0);
      const kept = await addFlavour(customer, 1);
      expect(kept).not.toBe(returned);
      await checkoutToPayment(customer);
      const orderId = await placeOrderViaWhatsApp(customer);

      // The owner takes it to delivered: payment, age check, confirmed, dispatched, delivered.
      const owner = await browserAt(browser, own.base);
      await signInAsStaff(owner, await createStaffAsync(`by-line-owner-${database}`, own.databaseUrl));
      await owner.goto(`/admin/orders/${orderId}`);
      await recordPayment(owner);
      await expect(owner.getByRole("status")).toContainText(`The payment for order ${orderId} is recorded`);
      await owner.goto("/admin/age-checks");
      const check = owner.getByRole("listitem", { name: "Robin Taylor" });
      await check.getByLabel("Note (what you checked)").fill("Passport seen on a video call");
      await check.getByRole("button", { name: "Verify" }).click();
      await expect(owner.getByRole("status")).toContainText("Robin Taylor's age is verified.");
      await owner.goto(`/admin/orders/${orderId}`);
      await owner.getByRole("button", { name: "Mark confirmed" }).click();
      await expect(owner.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);
      const dispatch = owner.getByRole("form", { name: "Dispatch" });
      await dispatch.getByLabel("Courier").fill("Royal Mail");
      await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
      await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
      await expect(owner.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);
      await owner.getByRole("button", { name: "Mark delivered" }).click();
      await expect(owner.getByRole("status")).toContainText(`Order ${orderId} is now Delivered.`);

      // The customer returns one unit of the first line; more than ordered is refused under its field first.
      await customer.goto(`/account/orders/${orderId}`);
      const units = customer.getByLabel(/^How many of .* to return/);
      await expect(units).toHaveCount(2);
      await units.first().fill("2");
      await customer
        .getByLabel(/^Why are you returning /)
        .first()
        .fill("Too sweet for me");
      await customer.getByRole("button", { name: "Ask to return these items" }).click();
      await expect(customer.getByLabel(/^How many of .* to return/).first()).toHaveAccessibleDescription(
        "You can return at most 1 of this item: that is how many you ordered",
      );
      await customer
        .getByLabel(/^How many of .* to return/)
        .first()
        .fill("1");
      await customer
        .getByLabel(/^Why are you returning /)
        .first()
        .fill("Too sweet for me");
      await customer.getByRole("button", { name: "Ask to return these items" }).click();
      await expect(customer.getByRole("status")).toContainText("Your return request is sent.");
      await expect(customer.getByRole("table", { name: "Items in the return" }).getByRole("row")).toHaveCount(2);
      // The faulty-item section shows the statutory wording.
      await expect(customer.getByText("Up to 30 days: if your goods are faulty")).toBeVisible();

      // Staff accept it back into stock; it was paid by bank transfer, so the refund is recorded by hand.
      await owner.goto("/admin/returns");
      await owner
        .getByRole("row", { name: new RegExp(orderId) })
        .getByRole("link", { name: orderId })
        .click();
      const section = owner.getByRole("region", { name: "Return request" });
      const line = section.getByLabel(/ × 1 \(£/);
      const label = (await section.locator("label", { hasText: / × 1 \(£/ }).textContent())!;
      const amount = /£\d+\.\d\d/.exec(label)![0];
      await line.selectOption({ label: "Accept: back in stock" });
      await section.getByLabel("Note for the customer").fill("Thank you: refunded.");
      await section.getByLabel("Refund method").selectOption({ label: "Bank transfer" });
      await section.getByLabel("Refund reference").fill("BACS-RETURN-1");
      await section.getByRole("button", { name: "Decide the return" }).click();
      await expect(owner.getByRole("status")).toHaveText(`The return of order ${orderId} is accepted.`);
      const refunds = owner.getByRole("region", { name: "Refunds" });
      await expect(refunds).toContainText(amount);

      // The variant's stock is up by one: its history has the return after the order, one more than the order left.
      await owner.goto(`/admin/flavours/${returned}`);
      const history = owner.getByRole("table", { name: "Stock history" });
      const back = history.getByRole("row").filter({ hasText: `Returned by the customer ${orderId}` });
      const sold = history.getByRole("row").filter({ hasText: `Order ${orderId}` });
      await expect(back).toHaveCount(1);
      await expect(back.locator('[data-label="Change"]')).toHaveText("+1");
      const soldAfter = Number(await sold.locator('[data-label="After"]').textContent());
      await expect(back.locator('[data-label="After"]')).toHaveText(String(soldAfter + 1));
      // The other line's variant has no return.
      await owner.goto(`/admin/flavours/${kept}`);
      await expect(owner.getByRole("table", { name: "Stock history" })).not.toContainText("Returned by the customer");

      const decided = await waitForMail(email, 20_000, /return of order .* is accepted/);
      expect(decided.text).toContain(`We have refunded ${amount}`);
      await customer.reload();
      await expect(customer.getByText("Accepted (back in stock)")).toBeVisible();
    });
  });
}
