import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { anotherBrowser, signedUp, uniqueEmail } from "./support/accounts";
import { axeViolations } from "./support/axe";
import { createStaff, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { markDelivered } from "./support/orders";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// The back office as staff see it, with something on every page: a customer with a long e-mail address who ordered,
// asked to return the order and wrote to the shop. In the back-office project (it places an order).

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

type Content = { email: string; orderId: string };
let content: Promise<Content> | undefined;

/** Made once for the file: the customer's order (delivered, a return asked for) and a contact message. */
function withContent(browser: Browser, baseURL: string): Promise<Content> {
  content ??= (async () => {
    const { context, page } = await anotherBrowser(browser, baseURL);
    await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "x" }));
    try {
      const email = uniqueEmail("a-customer-whose-e-mail-address-is-far-too-long-for-a-phone-screen");
      await signedUp(page, email, { firstName: "Alexandrina" });
      await addFlavourToCart(page);
      await checkoutToPayment(page);
      const orderId = await placeOrderViaWhatsApp(page);
      markDelivered(orderId, 2);
      await page.goto(`/account/orders/${orderId}`);
      await page
        .getByLabel(/^How many of .* to return/)
        .first()
        .fill("1");
      await page
        .getByLabel(/^Why are you returning /)
        .first()
        .fill("It arrived after I had already bought the same flavour elsewhere, so I would like to send it back.");
      await page.getByRole("button", { name: "Ask to return these items" }).click();
      await expect(page.getByRole("status")).toContainText("Your return request is sent.");

      await page.goto("/contactus");
      await page.getByLabel("First Name").fill("Alexandrina");
      await page.getByLabel("Last Name").fill("Taylor");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Phone Number").fill("07700 900789");
      await page
        .getByLabel("Message")
        .fill("Could you tell me when the autumn flavours arrive? I would like to order a few for my friends.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Message sent successfully!" })).toBeVisible();
      return { email, orderId };
    } finally {
      await context.close();
    }
  })();
  return content;
}

/** The address of the first item in a back-office list. */
async function firstItem(page: Page, list: string, table: string) {
  await page.goto(list);
  const link = page.getByRole("table", { name: table }).getByRole("row").nth(1).getByRole("link").first();
  return (await link.getAttribute("href"))!;
}

/** Every back-office page, the edit pages with a real item each. */
async function backOfficePages(page: Page, { email, orderId }: Content) {
  return [
    "/admin",
    "/admin/orders",
    `/admin/orders/${orderId}`,
    "/admin/reports",
    "/admin/returns",
    "/admin/shipping",
    "/admin/age-checks",
    "/admin/products",
    "/admin/products/new",
    await firstItem(page, "/admin/products", "Devices"),
    "/admin/flavours",
    "/admin/flavours/new",
    await firstItem(page, "/admin/flavours", "Flavours"),
    "/admin/mhra",
    "/admin/goods-in",
    "/admin/customers",
    await firstItem(page, `/admin/customers?q=${encodeURIComponent(email)}`, "Customers"),
    "/admin/messages",
    "/admin/mail",
    "/admin/posts",
    "/admin/posts/new",
    await firstItem(page, "/admin/posts", "Blog posts"),
    "/admin/reviews",
    "/admin/about",
    "/admin/staff",
    "/admin/audit-log",
  ];
}

/** The right edge of each visible element, in CSS pixels from the left of the window. */
async function rightEdges(elements: Locator) {
  const boxes = await Promise.all((await elements.filter({ visible: true }).all()).map((e) => e.boundingBox()));
  return boxes.map((box) => Math.round(box!.x + box!.width));
}

test("every back-office page fits a 360 px wide screen: no sideways scrolling, every tab and e-mail address in view", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(360_000); // a customer orders, then nineteen pages, on a shared machine
  const shown = await withContent(browser, baseURL!);
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page, createStaff("narrow"));
  let addresses = 0;
  for (const path of await backOfficePages(page, shown)) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect.soft(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(360);
    // The sections take one line (the current one named) until opened; then all 19 (an owner's), none past the edge. Table rows
    // stack.
    const nav = page.getByRole("navigation", { name: "Back office" });
    expect.soft((await nav.boundingBox())!.height, `${path}: the sections' line`).toBeLessThanOrEqual(64);
    await nav.getByText("Section:").click();
    const tabs = nav.getByRole("link");
    await expect(tabs).toHaveCount(19);
    for (const right of await rightEdges(tabs)) expect.soft(right, `${path}: a section`).toBeLessThanOrEqual(360);
    const emails = page.getByText(shown.email);
    addresses += await emails.filter({ visible: true }).count();
    for (const right of await rightEdges(emails))
      expect.soft(right, `${path}: the customer's e-mail address`).toBeLessThanOrEqual(360);
  }
  // The address is shown on the lists of orders, customers, messages and mail, and on the order and the customer.
  expect(addresses).toBeGreaterThanOrEqual(6);
});

test("at 360 px the sections are one line naming the current one, opened and used from the keyboard", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page, createStaff("narrow-keys"));
  await page.goto("/admin/orders");
  const nav = page.getByRole("navigation", { name: "Back office" });
  const summary = nav.getByText("Section: Orders");
  await expect(summary).toBeVisible();
  await expect(nav.getByRole("link")).toHaveCount(0); // closed: the page starts right under it
  expect((await page.getByRole("heading", { level: 1 }).boundingBox())!.y).toBeLessThan(240);

  // From Sign out, Tab reaches the sections; Enter opens them, the current one marked; Escape closes them again.
  await page.getByRole("button", { name: "Sign out" }).focus();
  await page.keyboard.press("Tab");
  await expect(summary).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(nav.getByRole("link")).toHaveCount(19);
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Dashboard" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(nav.getByRole("link")).toHaveCount(0);
  await expect(summary).toBeFocused();

  // Open again and go to Returns, by the keyboard: the new page names its section, the list closed.
  await page.keyboard.press("Space");
  await nav.getByRole("link", { name: "Returns" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/returns$/);
  await expect(nav.getByText("Section: Returns")).toBeVisible();
  await expect(nav.getByRole("link")).toHaveCount(0);
  // An order's page is in Orders.
  await page.goto("/admin/orders/NOSUCHID");
  await expect(nav.getByText("Section: Orders")).toBeVisible();

  // From 1024 px the sections are tabs again.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/admin/returns");
  await expect(nav.getByRole("link")).toHaveCount(19);
  await expect(nav.getByText("Section:")).toBeHidden();
});

test("the back-office pages have no accessibility violations (axe-core)", async ({ page, browser, baseURL }) => {
  test.setTimeout(360_000); // nineteen pages, each checked in full
  const shown = await withContent(browser, baseURL!);
  await signInAsStaff(page, createStaff("axe-staff"));
  for (const path of await backOfficePages(page, shown)) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect.soft(await axeViolations(page), path).toEqual([]);
  }
});
