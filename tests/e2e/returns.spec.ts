import { expect, test, type Page } from "@playwright/test";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { createStaff, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { markDelivered } from "./support/orders";
import { anotherBrowser } from "./support/accounts";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

const SHOP_EMAIL = "hello@vapourlane.example";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

async function customerWithOrder(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signedUp(page, email);
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);
  return { email, orderId };
}

test("a customer cancels their pending order themselves; the shop and the customer are e-mailed", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // two customers sign up, one orders
  const { email, orderId } = await customerWithOrder(page, "cancels");
  await page.goto("/account/orders");
  await page.getByRole("link", { name: orderId }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Cancel this order" })).toBeVisible();

  // Another customer cannot cancel it: the order is not found, and stays as it was.
  const other = await anotherBrowser(browser, baseURL!);
  await signedUp(other.page, uniqueEmail("not-owner"));
  const forged = await other.page.request.post(`/account/orders/${orderId}`, {
    form: { intent: "cancel" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  await other.context.close();
  await page.reload();
  // While it waits for the shop, the order's WhatsApp message can be sent again.
  await expect(page.getByRole("link", { name: "Send the WhatsApp message again" })).toBeVisible();

  // Cancelling asks first; 'Keep the order' changes nothing.
  await page.getByRole("link", { name: "Cancel this order" }).click();
  await expect(page.getByText(`Cancel order ${orderId}? Its items go back on sale`)).toBeVisible();
  await page.getByRole("link", { name: "Keep the order" }).click();
  await expect(page.getByRole("link", { name: "Cancel this order" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel the order" })).toHaveCount(0);
  await page.getByRole("link", { name: "Cancel this order" }).click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status")).toHaveText(
    `Order ${orderId} is cancelled. We have told the shop; if you have paid, your money will be refunded.`,
  );
  // It reads as a cancellation, not as a return; nothing is offered on WhatsApp any more.
  await expect(page.getByRole("heading", { level: 2, name: "Order cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Return this order" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Cancel this order" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "History" }).getByText("Order cancelled")).toBeVisible();
  const toCustomer = await waitForMail(email, 15_000, /cancelled/i);
  expect(toCustomer.text).toContain(`Your order ${orderId} is now cancelled.`);
  const toShop = await waitForMail(SHOP_EMAIL, 15_000, new RegExp(`order ${orderId} cancelled by the customer`));
  expect(toShop.text).toContain("Its stock is back on the shelf.");
});

test("a delivered order is returned within 14 days: asked with a reason, accepted by staff with a note, e-mailed each step", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow(); // a customer and a member of staff, each signing in
  const { email, orderId } = await customerWithOrder(page, "returns");
  markDelivered(orderId, 3);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole("heading", { level: 2, name: "Return this order" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel this order" })).toHaveCount(0);
  // Nothing chosen: the message is under the first line's quantity, nothing is sent.
  await page.getByRole("button", { name: "Ask to return these items" }).click();
  const units = page.getByLabel(/^How many of .* to return/).first();
  await expect(units).toHaveAccessibleDescription("Choose how many of at least one item to return");
  await units.fill("1");
  await page
    .getByLabel(/^Why are you returning /)
    .first()
    .fill("The flavour is too sweet for me");
  await page.getByRole("button", { name: "Ask to return these items" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Your return request is sent. We will e-mail you when the shop has looked at it.",
  );
  await expect(page.getByText("Return requested", { exact: true })).toBeVisible();
  await waitForMail(email, 15_000, /we have your return request/);
  const toShop = await waitForMail(SHOP_EMAIL, 15_000, new RegExp(`return requested for order ${orderId}`));
  expect(toShop.text).toContain("The flavour is too sweet for me");

  const staffBrowser = await anotherBrowser(browser, baseURL!);
  const staffPage = staffBrowser.page;
  await signInAsStaff(staffPage, createStaff("returns-staff"));
  await staffPage.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Returns" }).click();
  await staffPage
    .getByRole("row", { name: new RegExp(orderId) })
    .getByRole("link", { name: orderId })
    .click();
  const section = staffPage.getByRole("region", { name: "Return request" });
  await expect(section.getByText("The flavour is too sweet for me")).toBeVisible();
  await section.getByRole("button", { name: "Decide the return" }).click();
  await expect(section.getByLabel("Note for the customer")).toHaveAccessibleDescription(
    "Please write a note for the customer (it is e-mailed to them)",
  );
  await section.getByLabel(/ × 1 \(/).selectOption({ label: "Accept: back in stock" });
  await section
    .getByLabel("Note for the customer")
    .fill("Please post it back unopened; we refund you when it arrives.");
  await section.getByLabel("Refund method").selectOption({ label: "Bank transfer" });
  await section.getByLabel("Refund reference").fill("BACS-RET-1");
  await section.getByRole("button", { name: "Decide the return" }).click();
  await expect(staffPage.getByRole("status")).toHaveText(`The return of order ${orderId} is accepted.`);
  await expect(section.getByRole("button", { name: "Decide the return" })).toHaveCount(0);
  await staffBrowser.context.close();

  const decided = await waitForMail(email, 15_000, /return of order .* is accepted/);
  expect(decided.text).toContain("Please post it back unopened; we refund you when it arrives.");
  await page.reload();
  await expect(page.getByText("Return accepted", { exact: true })).toBeVisible();
  await expect(page.getByText("Please post it back unopened; we refund you when it arrives.")).toBeVisible();
});

test("after 14 days the order page says the time to return has ended, and a forged request is refused", async ({
  page,
  baseURL,
}) => {
  const { orderId } = await customerWithOrder(page, "late-return");
  markDelivered(orderId, 20);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText(/The 14 days to return this order ended on \w{3} \d{1,2} \w{3} \d{4}\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Ask to return these items" })).toHaveCount(0);
  const forged = await page.request.post(`/account/orders/${orderId}`, {
    form: { intent: "return", "qty-0": "1", "reason-0": "late" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(409);
  await page.reload();
  await expect(page.getByText("Return requested", { exact: true })).toHaveCount(0);
});

test("the returns page explains the 14-day right and links to the account's orders", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Exchange and return of goods" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Exchange and return of goods" })).toBeVisible();
  await expect(page.getByText(/14 days to change your mind \(the Consumer Contracts Regulations 2013\)/)).toBeVisible();
  await page.getByRole("link", { name: "Your orders" }).click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount%2Forders$/);
});
