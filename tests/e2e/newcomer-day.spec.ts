import { expect, test, type Page } from "@playwright/test";
import { formatDate } from "../../app/lib/shop-time";
import { formatMoney } from "../../app/lib/money";
import { shippingOptions } from "../../app/modules/checkout/shipping";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addAddress, addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { markDispatched } from "./support/orders";
import {
  confirmAgeByCookie,
  expectNoHorizontalScroll,
  expectWhollyOnScreen,
  ownClientAddress,
  promises,
} from "./support/shop";

// Issue 33, "the newcomer's day": each thing a new shopper meets, on a narrow phone (360 px) and on a desktop
// (1280 px). On the phone nothing may be cut off, the page may not scroll sideways, and the buttons are reachable.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  // WhatsApp itself is not reachable from the test machine; its address and text are what matter.
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

// The e2e shop's currency is the default, pounds sterling.
const expressPrice = formatMoney(shippingOptions.express.priceCents, "GBP");
// 'Wed 9 Dec 2026': the UK style of a day on every page a shopper sees.
const UK_DAY = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/;

/** The header's cart link as it reads with nothing in the cart: 'Cart', no count. */
async function expectEmptyCartInHeader(page: Page) {
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart", exact: true })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /^Cart: / })).toHaveCount(0);
}

const widths = [
  ["360 px", { width: 360, height: 740 }],
  ["1280 px", { width: 1280, height: 800 }],
] as const;

for (const [width, viewport] of widths) {
  test.describe(`at ${width}`, () => {
    test.use({ viewport });

    test("a newcomer asks about the cart, schedules a delivery, orders, sees the header's count go and cancels the order", async ({
      page,
    }) => {
      test.setTimeout(180_000); // sign-up by e-mailed link, three checkout steps, an order and its cancellation
      await signedUp(page, uniqueEmail("newcomer"), { firstName: "Nia", dateOfBirth: "1990-05-15" });

      // Item 7: a date of birth reads as people say it.
      await page.goto("/account");
      await expect(page.getByText("15 May 1990", { exact: true })).toBeVisible();
      await expectNoHorizontalScroll(page, "the account page");

      // Item 2: the cart's WhatsApp button says, beside it, that it only asks about the cart.
      await addFlavourToCart(page, "hayati-rubik-7000", 4);
      await expect(page).toHaveURL(/\/cart$/);
      const cartNote = "Sends your cart to us to ask about it; to order with delivery, use Checkout.";
      const whatsapp = page.getByRole("link", { name: "Order Through WhatsApp" });
      await expect(whatsapp).toHaveAccessibleDescription(cartNote);
      await expect(page.getByText(cartNote, { exact: true })).toBeVisible();
      await expectWhollyOnScreen(whatsapp);
      await expectWhollyOnScreen(page.getByRole("link", { name: "Checkout" }));
      await expectNoHorizontalScroll(page, "the cart");
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart: 1 line" })).toBeVisible();

      await page.getByRole("link", { name: "Checkout" }).click();
      await expect(page).toHaveURL(/\/cart-address$/);
      await addAddress(page);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/cart-shipping$/);
      await expectNoHorizontalScroll(page, "the shipping step");

      // Item 6: a scheduled day costs Express's price and is offered from Express's day, Monday to Saturday, in the
      // UK style (item 7).
      const express = page.getByRole("radio", { name: /^Express Shipping\b/ });
      await expect(express).toHaveAccessibleName(new RegExp(`${expressPrice.replace(".", "\\.")}$`));
      const expressDate = (await page
        .locator("label", { has: express })
        .getByText(/^Delivered by /)
        .textContent())!.replace("Delivered by ", "");
      expect(expressDate).toMatch(UK_DAY);
      const schedule = page.getByRole("radio", { name: /^Scheduled Delivery\b/ });
      await expect(schedule).toHaveAccessibleName(
        new RegExp(`^Scheduled Delivery Pick a day, Monday to Saturday, from .+ ${expressPrice.replace(".", "\\.")}$`),
      );
      await schedule.check();
      const dialog = page.getByRole("dialog", { name: "Pick a delivery day" });
      // A phone has no Escape key: the dialog closes by its own button, and opens again by 'Pick a day'.
      await dialog.getByRole("button", { name: "Close" }).click();
      await expect(dialog).toHaveCount(0);
      await page.getByRole("button", { name: "Pick a day" }).click();
      const days = dialog.getByRole("button", { name: /\d{4}$/ });
      await expect(days.first()).toBeVisible();
      const offered = await days.allTextContents();
      // Express's day first, or the Monday after when Express would come on a Sunday.
      expect(offered[0] === expressDate || expressDate.startsWith("Sun ")).toBe(true);
      if (expressDate.startsWith("Sun ")) expect(offered[0]).toMatch(/^Mon /);
      expect(offered.length).toBeGreaterThanOrEqual(10);
      for (const day of offered) expect(day).toMatch(UK_DAY);
      expect(offered.filter((day) => day.startsWith("Sun "))).toEqual([]);
      expect(offered.some((day) => day.startsWith("Sat "))).toBe(true);
      await expectWhollyOnScreen(days.last());
      await expectNoHorizontalScroll(page, "the day picker");
      const chosen = offered[1]!;
      await days.nth(1).click();
      await expect(dialog).toHaveCount(0);
      await expect(schedule).toHaveAccessibleName(`Scheduled Delivery On ${chosen} ${expressPrice}`);
      await expectWhollyOnScreen(page.getByRole("button", { name: "Next" }));
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page).toHaveURL(/\/payment$/);

      // Item 3: how paying works is said at the button, before the order.
      const howYouPay =
        "Nothing is taken now: your order is saved and sent to us on WhatsApp, where we send the payment details.";
      const order = page.getByRole("button", { name: "Order via WhatsApp" });
      await expect(order).toHaveAccessibleDescription(howYouPay);
      await expect(page.getByText(howYouPay, { exact: true })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(chosen);
      await expect(page.getByRole("complementary")).toContainText(expressPrice);
      await expectWhollyOnScreen(order);
      await expectNoHorizontalScroll(page, "the payment step");
      await expect(page.getByRole("banner").getByRole("link", { name: "Cart: 1 line" })).toBeVisible();

      // Item 1: once the order is placed the header's cart has no count, without a reload.
      const orderId = await placeOrderViaWhatsApp(page);
      await expect(page.getByText(orderId)).toBeVisible();
      await expectEmptyCartInHeader(page);
      await expectNoHorizontalScroll(page, "the success page");

      // Item 7: the list of orders and the order's page give days in the UK style.
      await page.goto("/account/orders");
      const listed = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: `Order ${orderId}` }) });
      await expect(listed).toContainText(formatDate(new Date()));
      await expectNoHorizontalScroll(page, "the list of orders");
      await listed.getByRole("link", { name: `Order ${orderId}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order ${orderId}` })).toBeVisible();
      await expect(page.getByRole("main")).toContainText(chosen);
      const placedAt = page.getByRole("region", { name: "History" }).getByRole("time").first();
      await expect(placedAt).toHaveText(new RegExp(`^${formatDate(new Date())}, \\d{2}:\\d{2}$`));

      // Item 4: while the order waits for the shop its WhatsApp message can be sent again; cancelling asks first.
      await expect(page.getByRole("link", { name: "Send the WhatsApp message again" })).toBeVisible();
      await expectNoHorizontalScroll(page, "the order's page");
      await page.getByRole("link", { name: "Cancel this order" }).click();
      await expect(page.getByText(`Cancel order ${orderId}? Its items go back on sale`)).toBeVisible();
      const yes = page.getByRole("button", { name: "Yes, cancel the order" });
      await expectWhollyOnScreen(yes);
      await expectWhollyOnScreen(page.getByRole("link", { name: "Keep the order" }));
      await expectNoHorizontalScroll(page, "the cancellation's question");
      await yes.click();
      await expect(page.getByRole("status")).toHaveText(
        `Order ${orderId} is cancelled. We have told the shop; if you have paid, your money will be refunded.`,
      );
      await expect(page.getByRole("heading", { level: 2, name: "Order cancelled" })).toBeVisible();
      await expect(page.getByRole("region", { name: "History" }).getByText("Order cancelled")).toBeVisible();
      await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
      await expectNoHorizontalScroll(page, "the cancelled order's page");
    });

    test("a dispatched order's page shows the parcel first, then the return form", async ({ page }) => {
      test.setTimeout(180_000); // sign-up by e-mailed link and a whole order
      await signedUp(page, uniqueEmail("parcel"));
      await addFlavourToCart(page, "hayati-rubik-7000", 5);
      await checkoutToPayment(page);
      const orderId = await placeOrderViaWhatsApp(page);
      await page.goto(`/account/orders/${orderId}`);
      await expect(page.getByRole("link", { name: "Send the WhatsApp message again" })).toBeVisible();
      await expect(page.getByRole("region", { name: "Your parcel" })).toHaveCount(0);

      // Item 5: staff took the payment and sent the parcel (set up here; their side is payment.spec.ts's journey).
      markDispatched(orderId, { courier: "DPD", trackingNumber: "15501234567890" });
      await page.reload();
      await expect(page.getByText("Status: Dispatched")).toBeVisible();
      const parcel = page.getByRole("region", { name: "Your parcel" });
      await expect(parcel).toContainText("Sent with DPD, tracking number 15501234567890.");
      const track = parcel.getByRole("link", { name: "Track it with DPD" });
      await expect(track).toHaveAttribute("href", "https://track.dpd.co.uk/parcels/15501234567890");
      // The parcel first, the return form after it.
      const sections = await page.getByRole("main").getByRole("heading", { level: 2 }).allTextContents();
      expect(sections.slice(0, 2)).toEqual(["Your parcel", "Return this order"]);
      await expect(page.getByRole("region", { name: "History" }).getByRole("listitem")).toContainText([
        "Order placed",
        "Payment received",
        "Order dispatched",
      ]);
      const returning = page.getByRole("region", { name: "Return this order" });
      await expect(returning.getByLabel(/^Why are you returning /).first()).toBeVisible();
      // Item 4: nothing waits for the shop any more, so WhatsApp is not offered, and it can no longer be cancelled.
      await expect(page.getByRole("link", { name: /WhatsApp/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Cancel this order" })).toHaveCount(0);
      await expectWhollyOnScreen(track);
      await expectWhollyOnScreen(returning.getByRole("button", { name: "Ask to return these items" }));
      await expectNoHorizontalScroll(page, "the dispatched order's page");
    });

    test("a device's page shows 8 of its flavours and the device's guarantee; a flavour's page, the flavour's", async ({
      page,
    }) => {
      await page.goto("/products?sort=devices");
      await page.getByRole("link", { name: "Hayati Rubik 7000", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Hayati Rubik 7000" })).toBeVisible();

      // Item 8, a device: guaranteed for a year.
      const deviceBadges = promises(page);
      await expect(deviceBadges.getByText("Guaranteed", { exact: true })).toBeVisible();
      await expect(deviceBadges.getByText("1 year", { exact: true })).toBeVisible();
      await expect(deviceBadges.getByText("Guaranteed on arrival")).toHaveCount(0);
      await expectWhollyOnScreen(page.getByRole("button", { name: "Add to Cart" }));
      await expectNoHorizontalScroll(page, "the device's page");

      // Item 9: 8 of the device's 16 flavours, saying so.
      const section = page.getByRole("region", { name: "Flavours for this device" });
      await expect(section.getByRole("article")).toHaveCount(8);
      await expect(section.getByText("Showing 8 of 16 flavours", { exact: true })).toBeVisible();
      await expectWhollyOnScreen(section.getByRole("link", { name: "See all 16 flavours for Hayati Rubik 7000" }));
      for (const card of await section.getByRole("article").all()) await expectWhollyOnScreen(card);

      // Item 8, a flavour: guaranteed on arrival against leaks and faults, never for a year.
      const first = section.getByRole("article").first();
      const name = (await first.getByRole("heading").textContent())!;
      await first.getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const flavourBadges = promises(page);
      await expect(flavourBadges.getByText("Guaranteed on arrival", { exact: true })).toBeVisible();
      await expect(flavourBadges.getByText("Against leaks and faults", { exact: true })).toBeVisible();
      await expect(flavourBadges.getByText("1 year")).toHaveCount(0);
      await expectWhollyOnScreen(page.getByRole("button", { name: "Add to Cart" }));
      await expectNoHorizontalScroll(page, "the flavour's page");
    });
  });
}
