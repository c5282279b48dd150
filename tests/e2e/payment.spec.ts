import { expect, test } from "@playwright/test";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { createStaff, recordPayment, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

// Payment before dispatch (docs/decisions/045): the payment page promises 'We dispatch your order once payment has
// arrived', and the back office keeps that promise.
test("staff cannot dispatch an unpaid order; they record its payment (the total, nothing else) and then dispatch", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("payer");
  await signedUp(page, email, { firstName: "Pippa" });
  await addFlavourToCart(page, "hayati-mini-1500", 0);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(staffContext, baseURL!);
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, createStaff("payments"));

  // The customer's age is verified on the Age checks page: that is not what holds this order back.
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Age checks" }).click();
  const check = staff.getByRole("listitem", { name: "Pippa Taylor" });
  await check.getByLabel("Note (what you checked)").fill("Passport seen on a video call");
  await check.getByRole("button", { name: "Verify" }).click();
  await expect(staff.getByRole("status")).toContainText("Pippa Taylor's age is verified.");

  await staff.goto(`/admin/orders/${orderId}`);
  // 'Open in WhatsApp' opens a chat with the customer, on the order's phone number (not the shop's own).
  const chat = staff.getByRole("link", { name: "Open in WhatsApp" });
  await expect(chat).toHaveAccessibleDescription(/Opens a chat with the customer on 07700 900444/);
  const chatUrl = new URL((await chat.getAttribute("href"))!);
  expect(chatUrl.pathname).toBe("/447700900444");
  expect(chatUrl.searchParams.get("text")).toBe(`Hello Pippa Taylor, this is Vapour Lane about your order ${orderId}.`);
  await staff.getByRole("button", { name: "Mark confirmed" }).click();
  await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);
  // Confirmed and unpaid, the customer's page offers to ask for the payment details on WhatsApp (not the order again).
  await page.goto(`/account/orders/${orderId}`);
  const ask = page.getByRole("link", { name: "Ask for the payment details on WhatsApp" });
  expect(new URL((await ask.getAttribute("href"))!).searchParams.get("text")).toMatch(
    new RegExp(
      `^Hello Vapour Lane! About my order ${orderId}: please send me the payment details for £\\d+\\.\\d{2}\\.$`,
    ),
  );
  await expect(page.getByRole("link", { name: "Send the WhatsApp message again" })).toHaveCount(0);
  // The page says why dispatch is not available, and the server refuses it all the same.
  const dispatch = staff.getByRole("form", { name: "Dispatch" });
  await expect(dispatch).toContainText("Dispatch is not available yet: no payment has been recorded for this order.");
  await dispatch.getByLabel("Courier").fill("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(staff.getByRole("alert")).toHaveText(
    "This order is not paid yet. Record its payment before dispatching the order.",
  );

  // A wrong amount is refused under its field, saying the total; nothing is recorded.
  const payment = staff.getByRole("form", { name: "Record a payment" });
  const total = await recordPayment(staff, { amount: "1.00" });
  await expect(
    payment.getByText(`The amount must be the order's total, £${total}. Nothing was recorded.`),
  ).toBeVisible();
  await expect(payment.getByLabel("Amount")).toHaveAttribute("aria-invalid", "true");
  await expect(staff.getByRole("region", { name: "Payment status" })).toContainText("Payment pending");

  // The total is accepted: the order is paid, with how, the reference and who recorded it.
  await recordPayment(staff, { reference: "BACS 77120" });
  await expect(staff.getByRole("status")).toContainText(
    `The payment for order ${orderId} is recorded: it is now paid.`,
  );
  const paid = staff.getByRole("region", { name: "Payment status" });
  await expect(paid).toContainText("Paid");
  await expect(paid).toContainText("Bank transfer");
  await expect(paid).toContainText("BACS 77120");
  await expect(paid).toContainText(`£${total}`);
  await expect(staff.getByRole("form", { name: "Record a payment" })).toHaveCount(0);
  await expect(dispatch).not.toContainText("Dispatch is not available yet");

  // The customer sees it on their order, and is e-mailed.
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("Payment received on")).toBeVisible();
  await expect(page.getByText("Payment: Paid")).toBeVisible();
  expect((await waitForMail(email, 10_000, /payment received/)).text).toContain(
    `We have received your payment for order ${orderId}. Thank you.`,
  );

  // Now staff may dispatch.
  await dispatch.getByLabel("Courier").fill("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);
  await page.reload();
  await expect(page.getByText("Status: Dispatched")).toBeVisible();
  // The parcel comes first on the order page, with the courier's own tracking page; WhatsApp is no longer offered.
  const parcel = page.getByRole("region", { name: "Your parcel" });
  await expect(parcel).toContainText("Sent with Royal Mail, tracking number AB123456789GB.");
  await expect(parcel.getByRole("link", { name: "Track it with Royal Mail" })).toHaveAttribute(
    "href",
    "https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB",
  );
  const regions = await page
    .getByRole("main")
    .getByRole("region")
    .evaluateAll((all) => all.map((r) => r.getAttribute("aria-labelledby")));
  expect(regions[0]).toBe("tracking-title");
  await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
  await staffContext.close();
});

test("staff refund part of a payment: the amount is checked under its field, and the e-mail says how much and how it comes back", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("refund");
  await signedUp(page, email, { firstName: "Rhys" });
  await addFlavourToCart(page, "hayati-mini-1500", 0);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(staffContext, baseURL!);
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, createStaff("refunds"));
  await staff.goto(`/admin/orders/${orderId}`);
  const total = await recordPayment(staff);
  await expect(staff.getByRole("status")).toContainText(`The payment for order ${orderId} is recorded`);

  // 'Mark refunded' asks how much went back, filled in with what was paid; more than that is refused under the field.
  const refund = staff.getByRole("form", { name: "Refund" });
  await expect(refund.getByLabel("Amount refunded")).toHaveValue(total);
  // How the money went back and its reference are kept with the refund.
  await refund.getByLabel("Refund method").selectOption({ label: "Bank transfer" });
  await refund.getByLabel("Refund reference").fill("BACS-REFUND-1");
  await refund.getByLabel("Amount refunded").fill("999.00");
  await refund.getByRole("button", { name: "Mark refunded" }).click();
  const tooMuch = `A refund can be at most what was paid, £${total}. Nothing was changed.`;
  await expect(refund.getByText(tooMuch)).toBeVisible();
  await expect(refund.getByLabel("Amount refunded")).toHaveAttribute("aria-invalid", "true");
  await expect(staff.getByRole("region", { name: "Payment status" })).not.toContainText("Refunded");

  // Part of it: the payment is refunded, and the customer is told the amount and how a bank transfer comes back.
  await refund.getByLabel("Amount refunded").fill("1.50");
  await refund.getByRole("button", { name: "Mark refunded" }).click();
  await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Refunded.`);
  const mail = await waitForMail(email, 10_000, /refunded for order/);
  expect(mail.subject).toBe(`Vapour Lane: £1.50 refunded for order ${orderId}`);
  expect(mail.text).toContain(`We have refunded £1.50 of the £${total} you paid for order ${orderId}.`);
  expect(mail.text).toContain("We have sent it by bank transfer to the account you paid from");
  await staffContext.close();
});
