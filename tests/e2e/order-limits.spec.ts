// Orders waiting for payment hold their stock (docs/decisions/070): one account may have three at a time (the
// default, UNPAID_ORDERS_PER_ACCOUNT). The payment step says how long an order waits and, before 'Order via WhatsApp'
// is pressed, that a fourth would pass the limit; pressing it says the same and places nothing. Once one of them is
// cancelled the next goes through.
import { expect, test, type Page } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

const LIMIT =
  "You already have 3 orders waiting for payment, the most we keep for one customer at a time. Pay for one of them, or cancel one you no longer want in Your orders, and then place this one. For a larger or bulk order, message us on WhatsApp.";

/** A flavour in the cart again, and on to the payment step (the address stays chosen from the last order). */
async function toPaymentAgain(page: Page) {
  await addFlavourToCart(page);
  await page.goto("/cart-shipping");
  await page.getByRole("radio", { name: /Express Shipping/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

test("a fourth unpaid order is refused in plain words before and after the button; cancelling one makes room", async ({
  page,
}) => {
  test.setTimeout(180_000); // four checkouts
  await signedUp(page, uniqueEmail("limits"));
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  // A new account (its age not checked yet): the order waits three days for its payment, and the page says so.
  const before = page.getByRole("region", { name: "Before you order" });
  await expect(before).toContainText(
    "Pay within 3 days of ordering: we keep your order's items for you until then, and an order still unpaid is cancelled (nothing is owed). Up to 3 orders (20 items in all) can wait for payment at a time.",
  );
  await expect(page.getByRole("alert")).toHaveCount(0);
  const first = await placeOrderViaWhatsApp(page);
  for (let n = 2; n <= 3; n++) {
    await toPaymentAgain(page);
    await placeOrderViaWhatsApp(page);
  }

  // The fourth: said on arriving at the payment step, and again when the button is pressed; nothing is placed.
  await toPaymentAgain(page);
  await expect(page.getByRole("alert")).toHaveText(LIMIT);
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  await expect(page.getByRole("alert")).toHaveText(LIMIT);
  await expect(page.getByRole("button", { name: "Order via WhatsApp" })).toBeEnabled();
  await expect(page).toHaveURL(/\/payment$/);
  await page.goto("/account/orders");
  await expect(page.getByRole("link", { name: /^Order / })).toHaveCount(3);

  // One cancelled: the payment step has room again, and the order goes through.
  await page.goto(`/account/orders/${first}`);
  await page.getByRole("link", { name: "Cancel this order" }).click();
  await page.getByRole("button", { name: "Yes, cancel the order" }).click();
  await expect(page.getByRole("status")).toContainText(`Order ${first} is cancelled.`);
  await page.goto("/payment");
  await expect(page.getByRole("alert")).toHaveCount(0);
  await placeOrderViaWhatsApp(page);
});
