// The Consumer Contracts Regulations 2013 and WEEE take-back, as a shopper and staff meet them (docs/decisions/040,
// 041): what the payment step says before 'Order via WhatsApp', the confirmation e-mail's cancellation form, a
// cancellation sent by e-mail recorded by staff, and a take-back asked for from the order page.
import { expect, test, type Page } from "@playwright/test";
import { anotherBrowser, signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { createStaff, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** Adds the device on the home page to the cart from its own page. */
async function addDeviceToCart(page: Page, name = "Crystal Pro Switch 30K") {
  await page.goto("/");
  await page.getByRole("link", { name: `Explore Device: ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/productdetail/"));
}

test("the payment step names the trader, the total with delivery, payment, delivery date and the right to cancel; the confirmation e-mail carries the model form", async ({
  page,
}) => {
  test.slow(); // sign-up, checkout and an e-mail
  const email = uniqueEmail("rights");
  await signedUp(page, email);
  await addFlavourToCart(page);
  await checkoutToPayment(page);

  const before = page.getByRole("region", { name: "Before you order" });
  await expect(before).toContainText("You are buying from");
  // On the defaults: the shop's name and its (fictional) contact details, as the footer and contact page give them.
  await expect(before).toContainText("Vapour Lane");
  await expect(before).toContainText("12 Example Street, Manchester M1 1AA, United Kingdom");
  await expect(before.getByRole("link", { name: "hello@vapourlane.example" })).toBeVisible();
  await expect(before).toContainText("Phone: +44 7700 900123");
  const total = (await page
    .getByRole("term")
    .filter({ hasText: /^Total$/ })
    .locator("xpath=following-sibling::dd[1]")
    .textContent())!;
  await expect(before).toContainText(`${total.trim()}, including delivery`);
  await expect(before).toContainText("You do not pay now: nothing is taken on this site.");
  await expect(before).toContainText(/Estimated delivery \w{3} \d{1,2} \w{3} \d{4}, with the shipping you chose/);
  await expect(before).toContainText(
    "You have the right to cancel this contract within 14 days without giving any reason.",
  );
  await expect(before.getByRole("link", { name: "Terms of use of the site" })).toHaveAttribute(
    "href",
    "/info/terms-of-use",
  );
  // All of it comes before the button that places the order.
  const button = page.getByRole("button", { name: "Order via WhatsApp" });
  const sectionFirst = await before.evaluate(
    (section, target) => Boolean(section.compareDocumentPosition(target!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await button.elementHandle(),
  );
  expect(sectionFirst).toBe(true);

  const orderId = await placeOrderViaWhatsApp(page);
  await expect(page.getByRole("link", { name: "Recycling your old vape" }).first()).toBeVisible();

  // The e2e mail server keeps the HTML beside the text (tests/e2e/support/e2e-server.ts).
  const mail = (await waitForMail(email, 20_000, new RegExp(`order ${orderId} received`))) as unknown as {
    text: string;
    html: string;
  };
  for (const part of [mail.text, mail.html.replace(/&#x27;|&#39;/g, "'")]) {
    expect(part).toContain("Your contract is with");
    expect(part).toContain("Vapour Lane, 12 Example Street, Manchester M1 1AA, United Kingdom");
    expect(part).toContain("Your right to cancel");
    expect(part).toContain("Model cancellation form");
    expect(part).toContain("(Complete and return this form only if you wish to withdraw from the contract)");
    expect(part).toContain(
      "I/We [*] hereby give notice that I/We [*] cancel my/our [*] contract of sale of the following goods [*],",
    );
    expect(part).toContain("sealed e-liquids and pods that were unsealed after delivery cannot be returned");
    expect(part).toContain("/recycling");
  }

  // The model form, from the payment step's link: printable, addressed to the trader.
  await page.goto("/info/terms-of-use");
  await page.getByRole("link", { name: "Model cancellation form" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Model cancellation form" })).toBeVisible();
  await expect(
    page.getByText("To Vapour Lane, 12 Example Street, Manchester M1 1AA, United Kingdom, hello@vapourlane.example:"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Print this form" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print this form" })).toBeHidden();
  await expect(page.getByRole("region", { name: "Model cancellation form" })).toBeVisible();
});

test("the returns page words the hygiene exception as the law does", async ({ page }) => {
  await page.goto("/info/exchange-and-returns");
  await expect(
    page.getByText(
      /sealed e-liquids and pods that were unsealed after delivery cannot be returned\. Devices may be returned whether or not they were opened\./,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(/send us the model cancellation form or any other clear statement by e-mail/),
  ).toBeVisible();
});

test("staff record a cancellation the customer sent by e-mail: errors under the fields, then the order reads cancelled", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const email = uniqueEmail("emailed-cancel");
  await signedUp(page, email);
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  const staffSide = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(staffSide.page, createStaff("cancel-staff"));
  await staffSide.page.goto(`/admin/orders/${orderId}`);
  const section = staffSide.page.getByRole("region", { name: "Cancellation received by e-mail" });
  await section.getByRole("button", { name: "Record the cancellation" }).click();
  await expect(section.getByLabel("How it arrived")).toHaveAccessibleDescription("Choose how the cancellation arrived");
  await section.getByLabel("How it arrived").selectOption({ label: "The model cancellation form, by e-mail" });
  await section.getByLabel("Day it arrived").fill("2099-01-01");
  await section.getByRole("button", { name: "Record the cancellation" }).click();
  await expect(section.getByLabel("Day it arrived")).toHaveAccessibleDescription(
    "The day it arrived cannot be in the future",
  );
  await section.getByLabel("How it arrived").selectOption({ label: "The model cancellation form, by e-mail" });
  await section.getByLabel("Day it arrived").fill(new Date().toISOString().slice(0, 10));
  await section.getByRole("button", { name: "Record the cancellation" }).click();
  await expect(staffSide.page.getByRole("status")).toHaveText("The customer's cancellation is recorded.");
  await expect(section).toContainText("The model cancellation form, by e-mail, received");
  await expect(section).toContainText("The order was cancelled.");
  await staffSide.context.close();

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole("region", { name: "History" }).getByText("Order cancelled")).toBeVisible();
  const toCustomer = await waitForMail(email, 15_000, /cancelled/i);
  expect(toCustomer.text).toContain(`Your order ${orderId} is now cancelled.`);
});

test("a customer asks for a take-back with an order that bought a device; another customer cannot; staff mark it received", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Recycling your old vape" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Recycling your old vape" })).toBeVisible();
  await expect(page.getByRole("img", { name: /crossed-out wheelie bin/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Where else to recycle your old vape" })).toBeVisible();

  const email = uniqueEmail("take-back");
  await signedUp(page, email);
  await addDeviceToCart(page);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);
  await page.getByRole("link", { name: "See your order" }).click();

  const takeBack = page.getByRole("region", { name: "Recycling your old vape" });
  await takeBack.getByLabel("Old devices you are sending back").fill("2");
  await takeBack.getByRole("button", { name: "Ask for a take-back" }).click();
  await expect(takeBack.getByLabel("Old devices you are sending back")).toHaveAccessibleDescription(
    "You can send back at most 1 old device: one for each device you bought",
  );

  // Another customer's request for this order is not found, and saves nothing.
  const other = await anotherBrowser(browser, baseURL!);
  await signedUp(other.page, uniqueEmail("not-mine"));
  const forged = await other.page.request.post(`/account/orders/${orderId}`, {
    form: { intent: "take-back", devices: "1" },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(404);
  await other.context.close();
  await page.reload();
  await expect(takeBack.getByRole("button", { name: "Ask for a take-back" })).toBeVisible();

  await takeBack.getByLabel("Old devices you are sending back").fill("1");
  await takeBack.getByRole("button", { name: "Ask for a take-back" }).click();
  await expect(takeBack.getByRole("status")).toHaveText(
    "Your take-back request is sent. We will send you a prepaid envelope: post your old device back in it.",
  );
  await expect(takeBack).toContainText("Take-back requested");
  const confirmation = await waitForMail(email, 15_000, /your take-back with order/);
  expect(confirmation.text).toContain(`send back 1 old device with order ${orderId}`);

  const staffSide = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(staffSide.page, createStaff("take-back-staff"));
  await staffSide.page
    .getByRole("navigation", { name: "Back office" })
    .getByRole("link", { name: "Take-backs" })
    .click();
  const row = staffSide.page.getByRole("row", { name: new RegExp(orderId) });
  await row.getByRole("button", { name: `Mark the take-back of order ${orderId} received` }).click();
  await expect(staffSide.page.getByRole("status")).toHaveText(
    `The old device sent back with order ${orderId} is marked received.`,
  );
  await staffSide.page.getByRole("link", { name: "Received" }).click();
  await expect(staffSide.page.getByRole("row", { name: new RegExp(orderId) })).toContainText("Old device received");
  await staffSide.context.close();

  await page.reload();
  await expect(takeBack).toContainText("Old device received");
  await expect(takeBack).toContainText("thank you for recycling");
});
