import { expect, test } from "@playwright/test";
import { signedUp, signIn, signOut, uniqueEmail, waitForMail } from "./support/accounts";
import { addAddress, addFlavourToCart, checkoutToPayment, expectQuantity } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  // WhatsApp itself is not reachable from the test machine; its address and text are what matter.
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

test("a new customer goes from the home page to /success and the order reaches WhatsApp", async ({ page }) => {
  test.setTimeout(180_000); // the whole journey from home to /success
  const email = uniqueEmail("buyer");
  await page.goto("/");
  await page.getByRole("link", { name: "Explore Device: Hayati Pro Max 6000" }).click();
  await page.getByRole("group", { name: "Nicotine Strength" }).getByRole("button", { name: "20mg" }).click();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Product Added To cart")).toBeVisible();
  // The visitor sees the cart kept in this browser; Checkout asks them to sign up first.
  await expect(page).toHaveURL(/\/cart$/);
  const items = page.getByRole("region", { name: "Cart items" }).getByRole("listitem");
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("Hayati Pro Max 6000");
  await expect(items.first()).toContainText("20mg");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fcart-address&reason=checkout$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await signedUp(page, email, { firstName: "Jo" });
  // The guest cart was kept in the browser; once signed in it moves to the account (the header counts it).
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();
  await page.goto("/cart");
  await expect(items).toHaveCount(1);
  await items.first().getByRole("button", { name: "Increase quantity" }).click();
  await expectQuantity(items.first(), 2);
  await expect(page.getByRole("link", { name: "Cart: 1 line" })).toBeVisible();

  await checkoutToPayment(page);
  await expect(page.getByText("Express Shipping")).toBeVisible();
  await expect(page.getByRole("complementary")).toContainText("£8.50");
  // How paying works is said at the button, before the order: nothing is taken now.
  await expect(page.getByRole("button", { name: "Order via WhatsApp" })).toHaveAccessibleDescription(
    "Nothing is taken now: your order is saved and sent to us on WhatsApp, where we send the payment details.",
  );
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  const popup = await popupPromise;
  await popup.waitForURL(/wa\.me/);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe("https://wa.me/447700900123");
  const text = url.searchParams.get("text")!;
  const orderId = text.match(/^Order ID: ([A-HJ-NP-Z2-9]{8})$/m)![1]!;
  expect(text).toContain("Hayati Pro Max 6000 (Flavour: ");
  // Each line names the SKU sold, so staff pick the right variant (a flavour line its device too).
  expect(text).toMatch(/Nicotine: 20mg, Puffs: 5000, Qty: 2, SKU: hayati-pro-max-6000-[a-z0-9-]+-20mg-5000\) £/);
  // The UK address, a part per line, the postcode in capitals (docs/decisions/046).
  expect(text).toContain("Address:\nHome (HOME)\nSam Taylor\n12 High Street\nLeeds\nLS1 1AA\nPhone: 07700 900444");
  expect(text).toContain("Shipping: Express Shipping, ");
  expect(text).toContain("Shipping: £8.50");
  expect(text.endsWith("Please confirm this order and provide payment details.")).toBe(true);

  await expect(page).toHaveURL(new RegExp(`/success\\?order=${orderId}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Success");
  await expect(page.getByText(orderId)).toBeVisible();
  await expect(page.getByText("Order placed successfully!")).toBeVisible();
  // The header knows at once that the cart is empty, without a reload.
  await expect(page.getByRole("banner").getByRole("link", { name: "Cart", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Cart: / })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Open the WhatsApp message again" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/447700900123\?text=Order%20ID%3A%20/,
  );

  const mail = await waitForMail(email, 10_000, new RegExp(orderId));
  expect(mail.subject).toContain(orderId);
  await page.goto("/account/orders");
  await expect(page.getByRole("link", { name: `Order ${orderId}` })).toBeVisible();
  await page.getByRole("link", { name: `Order ${orderId}` }).click();
  await expect(page.getByText("Status: Pending")).toBeVisible();
  await expect(page.getByText("Payment: Pending")).toBeVisible();
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Order Through WhatsApp" })).toBeDisabled();
});

test("the guest cart survives signing in, once", async ({ page }) => {
  test.setTimeout(120_000); // sign-up by e-mailed link, two sign-ins and three flavour pages
  const email = uniqueEmail("guest");
  await signedUp(page, email, { password: "guest cart pass" });
  await signOut(page);
  const first = await addFlavourToCart(page, "hayati-mini-1500", 0);
  await expect(page.getByText("Flavor added to cart!")).toBeVisible();
  await addFlavourToCart(page, "hayati-mini-1500", 0);
  await addFlavourToCart(page, "crystal-pro-cp-10k", 1);
  await expect(page).toHaveURL(/\/cart$/);
  await page.goto("/signin?redirectTo=%2Fcart");
  await signIn(page, email, "guest cart pass");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: "Cart: 2 lines" })).toBeVisible();
  await page.reload();
  const items = page.getByRole("region", { name: "Cart items" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expectQuantity(items.filter({ hasText: first }), 2);
  await signOut(page);
  await page.goto("/signin");
  await signIn(page, email, "guest cart pass");
  await expect(page.getByRole("link", { name: "Cart: 2 lines" })).toBeVisible();
  await page.goto("/cart");
  await expect(items).toHaveCount(2);
  await expectQuantity(items.filter({ hasText: first }), 2);
});

test("cart rules: same line adds up, minus stops at 1, remove empties, WhatsApp text for the cart", async ({
  page,
}) => {
  await signedUp(page, uniqueEmail("rules"));
  const name = await addFlavourToCart(page, "hayati-rubik-7000", 2);
  await addFlavourToCart(page, "hayati-rubik-7000", 2);
  const line = page.getByRole("region", { name: "Cart items" }).getByRole("listitem");
  await expect(line).toHaveCount(1);
  await expectQuantity(line, 2);
  await line.getByRole("button", { name: "Decrease quantity" }).click();
  await expectQuantity(line, 1);
  await expect(line.getByRole("button", { name: "Decrease quantity" })).toBeDisabled();
  const whatsapp = page.getByRole("link", { name: "Order Through WhatsApp" });
  // It asks about the cart; nobody should think it placed an order.
  await expect(whatsapp).toHaveAccessibleDescription(
    "Sends your cart to us to ask about it; to order with delivery, use Checkout.",
  );
  const text = new URL((await whatsapp.getAttribute("href"))!).searchParams.get("text")!;
  expect(text).toMatch(
    new RegExp(
      `^Hello Vapour Lane! I would like to order:\\n\\n1\\. ${name}\\n   Flavor: ${name}\\n   Nicotine: \\d+mg\\n   Qty: 1\\n   Price: £\\d+\\.\\d{2}\\n\\nSubtotal: `,
    ),
  );
  // A UK shop by default: prices include VAT, and the text says how much (decision 036).
  expect(text).toMatch(/\nTotal: £\d+\.\d{2}\nIncludes VAT: £\d+\.\d{2}\n\nThank you!$/);
  await line.getByRole("button", { name: `Remove ${name}` }).click();
  await expect(page.getByText("Your cart is empty")).toBeVisible();
  await expect(page.getByRole("button", { name: "Order Through WhatsApp" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Checkout" })).toBeDisabled();
});

test("forged cart posts are refused and prices never come from the browser", async ({ page }) => {
  await signedUp(page, uniqueEmail("forger"));
  await page.goto("/flavours?device=hayati-pro-max-6000");
  await page.locator("main article").first().getByRole("link").click();
  const itemId = page.url().split("/").pop()!;
  for (const [field, value] of [
    ["quantity", "-5"],
    ["quantity", "100000"],
    ["nicotineStrength", "35"],
    ["itemId", "not-a-real-id"],
  ] as const) {
    const form = {
      intent: "add",
      kind: "flavour",
      itemId,
      flavour: "",
      nicotineStrength: "10",
      puffCount: "",
      quantity: "1",
      priceCents: "1",
      [field]: value,
    };
    const response = await page.request.post("/cart", {
      form,
      headers: { origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(response.status(), `${field}=${value}`).toBe(400);
  }
  await page.goto("/cart");
  await expect(page.getByText("Your cart is empty")).toBeVisible();
});

test("steps need the step before; one shopper never sees another's order or address", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000); // two shoppers, a whole order and forged posts: long by design
  await signedUp(page, uniqueEmail("owner"));
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/cart$/);
  await addFlavourToCart(page, "hayati-pro-max-6000", 1);
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/cart-address$/);
  await addAddress(page, "Secret place", { line1: "1 Hidden Lane" });
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/cart-shipping$/);
  await page.getByRole("radio", { name: /Free Shipping/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  await (await popupPromise).close();
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderId = new URL(page.url()).searchParams.get("order")!;
  await addFlavourToCart(page, "hayati-pro-max-6000", 1);
  await page.goto("/cart-address");
  const addressId = await page.getByRole("radio", { name: /Secret place/ }).getAttribute("value");

  const other = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(other, baseURL!);
  const otherPage = await other.newPage();
  await signedUp(otherPage, uniqueEmail("snoop"));
  const response = await otherPage.goto(`/account/orders/${orderId}`);
  expect(response?.status()).toBe(404);
  await otherPage.goto(`/success?order=${orderId}`);
  await expect(otherPage.getByText(orderId)).toHaveCount(0);
  // Someone else's address id: not theirs to see, select, change or delete.
  await addFlavourToCart(otherPage, "hayati-pro-max-6000", 1);
  const origin = { origin: new URL(otherPage.url()).origin };
  const forged: Array<Record<string, string>> = [
    { intent: "next", addressId: addressId! },
    { intent: "delete", id: addressId! },
    { intent: "save", id: addressId!, title: "Mine now", type: "HOME", address: "x", phone: "0123456789" },
  ];
  for (const form of forged) {
    const response = await otherPage.request.post("/cart-address", { form, headers: origin, maxRedirects: 0 });
    expect([400, 404], JSON.stringify(form)).toContain(response.status());
  }
  await other.close();
  await page.goto("/cart-address");
  await expect(page.getByRole("radio", { name: /Secret place/ })).toBeVisible();
});
