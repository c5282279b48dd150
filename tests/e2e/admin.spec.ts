import { expect, test, type APIRequestContext } from "@playwright/test";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { ADMIN_ACTIONS, ADMIN_PAGES, createStaff, fillNewFlavour, recordPayment, signInAsStaff } from "./support/admin";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, expectNoHorizontalScroll, ownClientAddress, watchConsole } from "./support/shop";

/** A real 1×1 PNG. */
const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

/**
 * Posts to every back-office page as a form from this site would: pages with an action refuse with 403, pages
 * without one with 405; nothing is ever done (no 2xx, no redirect).
 */
async function expectEveryAdminPostRefused(request: APIRequestContext, baseURL: string) {
  for (const path of ADMIN_PAGES) {
    const response = await request.post(path, {
      form: { intent: "archive" },
      headers: { origin: baseURL },
      maxRedirects: 0,
    });
    expect(ADMIN_ACTIONS.includes(path) ? [403] : [405], path).toContain(response.status());
  }
}

test("signed-out visitors and customers find no back office: 404 pages, 403 actions", async ({ page, baseURL }) => {
  test.slow(); // every back-office page and action, twice: 28 s alone on this machine
  for (const path of ["/admin", "/admin/orders", "/admin/flavours/new"]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  }
  await expectEveryAdminPostRefused(page.request, baseURL!);

  await signedUp(page, uniqueEmail("not-staff"));
  for (const path of ADMIN_PAGES) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  }
  await expectEveryAdminPostRefused(page.request, baseURL!);
});

test("staff confirm and dispatch an order a customer placed; the customer sees each step", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The customer places an order.
  const email = uniqueEmail("customer");
  await signedUp(page, email, { firstName: "Casey" });
  await addFlavourToCart(page, "hayati-mini-1500", 0);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  // A staff member, in another browser, finds it and moves it on one step at a time.
  const staffContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(staffContext, baseURL!);
  const staff = await staffContext.newPage();
  await signInAsStaff(staff, createStaff());
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Orders" }).click();
  const filters = staff.getByRole("search", { name: "Filter orders" });
  await filters.getByLabel("Order ID").fill(orderId);
  await filters.getByRole("button", { name: "Apply filters" }).click();
  await staff.getByRole("link", { name: orderId, exact: true }).click();
  await expect(staff.getByRole("heading", { level: 1 })).toHaveText(`Order ${orderId}`);
  await expect(staff.getByText(email)).toBeVisible();
  // Only the next step is offered: no dispatch before confirmation.
  await expect(staff.getByRole("button", { name: "Mark dispatched" })).toHaveCount(0);
  await staff.getByRole("button", { name: "Mark confirmed" }).click();
  await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);
  expect((await waitForMail(email, 10_000, /is now confirmed/)).subject).toContain(orderId);

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("Status: Confirmed")).toBeVisible();
  await expect(page.getByRole("note").filter({ hasText: "Age check needed" })).toBeVisible();
  await page.goto("/account");
  await expect(page.getByText("We confirm your age before your first order is dispatched")).toBeVisible();
  await expect(page.getByRole("region", { name: "Age check" })).toContainText("Being checked");

  // UK: the order waits for the customer's age check; dispatching now is refused with the reason.
  await expect(staff.getByRole("note").filter({ hasText: "Age check needed" })).toBeVisible();
  const dispatch = staff.getByRole("form", { name: "Dispatch" });
  await dispatch.getByLabel("Courier").fill("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(staff.getByRole("alert")).toHaveText(
    "This customer's age is not verified yet. Verify it under Age checks before dispatching the order.",
  );
  await staff.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Age checks" }).click();
  const check = staff.getByRole("listitem", { name: "Casey Taylor" });
  await expect(check).toContainText("Being checked");
  await expect(check).toContainText("14 March 1992");
  await expect(check).toContainText("Sam Taylor, 12 High Street, Leeds, LS1 1AA");
  await check.getByRole("button", { name: "Verify" }).click();
  await expect(staff.getByText("Write a short note: what you checked")).toBeVisible();
  await staff
    .getByRole("listitem", { name: "Casey Taylor" })
    .getByLabel("Note (what you checked)")
    .fill("Driving licence seen on a video call");
  await staff.getByRole("listitem", { name: "Casey Taylor" }).getByRole("button", { name: "Verify" }).click();
  await expect(staff.getByRole("status")).toContainText("Casey Taylor's age is verified.");
  await page.reload();
  await expect(page.getByRole("region", { name: "Age check" })).toContainText("Verified");
  expect((await waitForMail(email, 10_000, /your age is confirmed/)).text).toContain(
    "Your orders will now be dispatched without waiting.",
  );

  await staff.goto(`/admin/orders/${orderId}`);
  await expect(staff.getByRole("note").filter({ hasText: "Age check needed" })).toHaveCount(0);
  // And for its payment (docs/decisions/045; refusals: payment.spec.ts).
  await recordPayment(staff);
  await expect(staff.getByRole("status")).toContainText(`The payment for order ${orderId} is recorded`);
  // Dispatch asks for the courier and tracking number: refused with a message under each field until given.
  await dispatch.getByLabel("Courier").fill("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("#?");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(dispatch.getByText("A tracking number is 4 to 40 letters and digits")).toBeVisible();
  await expect(staff.getByRole("alert")).toHaveText("Enter the courier and tracking number to dispatch.");
  await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(staff.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);
  await expect(staff.getByRole("button", { name: "Cancel order" })).toHaveCount(0);
  await expect(staff.getByRole("heading", { name: "History" })).toBeVisible();
  // Each change says who made it, and as whom (a member of staff here).
  await expect(staff.getByRole("region", { name: "History" }).getByRole("listitem").last()).toContainText(
    /Status: Confirmed → Dispatched\s*by .+ \(staff\)/,
  );

  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("Status: Dispatched")).toBeVisible();
  await expect(page.getByText("Payment: Paid")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your parcel" })).toContainText(
    "Sent with Royal Mail, tracking number AB123456789GB.",
  );
  const dispatched = await waitForMail(email, 10_000, /is now dispatched/);
  expect(dispatched.subject).toContain(orderId);
  expect(dispatched.text).toContain("Sent with Royal Mail, tracking number AB123456789GB.");
  await staffContext.close();
});

test("a staff member creates a flavour with an uploaded image, and the shop shows it at once", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("catalogue"));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Flavours" }).click();
  await page.getByRole("link", { name: "Add flavour" }).click();
  const name = `Polar Mint ${Date.now()}`;
  await fillNewFlavour(page, {
    name,
    description: "Cool mint with a <b>polar</b> finish.",
    price: "6.49",
    nicotineMgMl: "25",
  });
  // The image uploads as soon as it is chosen; the save pressed while it is on its way (held here) waits for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/upload(\.data)?(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  await page
    .getByLabel("Add image")
    .setInputFiles({ name: "polar-mint.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
  await expect(page.getByText("Uploading…")).toBeVisible();
  await page.getByRole("button", { name: "Create flavour" }).click();
  release();
  // Over the UK limit: refused with the reason under the field, nothing saved.
  await expect(page.getByText("Nicotine strength must be 20 mg/ml or less in the UK")).toBeVisible();
  await page.getByLabel("Nicotine (mg/ml)").fill("20");
  await page.getByLabel("MHRA notification number (ECID)").fill("12345-22-67890");
  // The image uploaded with the refused form is kept: it need not be chosen again.
  await expect(page.getByRole("main").getByRole("img", { name: new RegExp(name) })).toHaveCount(1);
  await page.getByRole("button", { name: "Create flavour" }).click();
  await expect(page.getByRole("status")).toContainText("Flavour created.");

  // The storefront shows it at once (the page cache is dropped), with the uploaded image.
  await page.goto(`/search?q=${encodeURIComponent(name)}`);
  await page
    .getByRole("link", { name: new RegExp(name) })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Cool mint with a <b>polar</b> finish.")).toBeVisible();
  await expect(page.getByText("MHRA notification number (ECID): 12345-22-67890")).toBeVisible();
  const src = await page
    .getByRole("img", { name: new RegExp(name) })
    .first()
    .getAttribute("src");
  expect(src).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
  const image = await page.request.get(src!);
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
  expect(image.headers()["cache-control"]).toContain("immutable");
  // Anonymous visitors get the cached storefront: it shows the new flavour too.
  const anonymous = await page.request.get(`${baseURL}/flavours?device=hayati-pro-max-6000`, {
    headers: { cookie: "age_verified=yes" },
  });
  expect(await anonymous.text()).toContain(name);
});

test("every back-office page works on a 360 px wide screen, without console errors", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const problems = watchConsole(page);
  await signInAsStaff(page, createStaff("small-screen"));
  for (const path of [
    "/admin",
    "/admin/orders",
    "/admin/products",
    "/admin/products/new",
    "/admin/flavours",
    "/admin/flavours/new",
    "/admin/messages",
    "/admin/mail",
    "/admin/customers",
    "/admin/posts",
    "/admin/posts/new",
  ]) {
    const response = await page.goto(path);
    expect(response!.status(), path).toBe(200);
    await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
    await expectNoHorizontalScroll(page);
  }
  expect(problems).toEqual([]);
});

test("the back office has its own frame: no shop header, footer or nicotine warning; the way back to the shop; sign out", async ({
  page,
}) => {
  await signInAsStaff(page, createStaff("frame"));
  const banner = page.getByRole("banner");
  await expect(banner).toContainText("Back office");
  await expect(banner).toContainText("Signed in as Sam Staff");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByText("This product contains nicotine")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: "Search devices and flavours" })).toHaveCount(0);
  // A page that is not there: the ordinary 404, still inside the back office.
  const response = await page.goto("/admin/orders/ZZZZZZZZ");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  await expect(page.getByRole("navigation", { name: "Back office" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);

  // Back to the shop: its own header and footer again, with the way back to the back office.
  await banner.getByRole("link", { name: "View the shop" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("contentinfo")).toContainText("This product contains nicotine");
  await page.getByRole("banner").getByRole("link", { name: "Back office" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await page.getByRole("banner").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/signin\?notice=signed-out$/);
  expect((await page.goto("/admin"))!.status()).toBe(404);
});
