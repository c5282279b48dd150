import { expect, test, type APIRequestContext } from "@playwright/test";
import { ADMIN_ACTIONS, ADMIN_PAGES, createStaff, signInAsStaff } from "./support/admin";
import { signedUp, signOut, uniqueEmail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** The page itself and React Router's data request for it (what client-side navigation asks for). */
const withData = (paths: string[]) => paths.flatMap((path) => [path, path === "/" ? "/_.data" : `${path}.data`]);

async function expectNeverStored(request: APIRequestContext, paths: string[]) {
  for (const path of withData(paths)) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.headers()["cache-control"], `${path} (${response.status()})`).toBe("private, no-store");
  }
}

/** A multipart body that cannot be parsed. */
const BROKEN = {
  headers: { "content-type": "multipart/form-data; boundary=x" },
  data: "--x\r\nbroken",
  maxRedirects: 0,
};

async function expectBrokenFormsRefused(request: APIRequestContext, paths: string[]) {
  for (const path of paths) {
    const response = await request.post(path, BROKEN);
    expect(response.status(), path).toBe(400);
    expect(await response.text(), path).toContain("We could not read the form you sent.");
  }
}

test("private pages and their data are never kept by a browser or a proxy; the catalogue is not held back for visitors", async ({
  page,
}) => {
  await expectNeverStored(page.request, [
    "/cart",
    "/cart-address",
    "/cart-shipping",
    "/payment",
    "/account",
    "/account/orders",
  ]);
  const anonymous = await page.request.get("/products");
  expect(anonymous.headers()["cache-control"] ?? "").not.toContain("no-store");

  await signedUp(page, uniqueEmail("private"));
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  await expect(page).toHaveURL(/\/success\?order=/);
  const orderPath = `/account/orders/${new URL(page.url()).searchParams.get("order")}`;
  await expectNeverStored(page.request, [
    "/cart",
    "/cart-address",
    "/cart-shipping",
    "/payment",
    "/success",
    "/account",
    "/account/orders",
    orderPath,
  ]);
  // Signed in, the catalogue is the same page as everyone's: shared, and without the shopper's name or e-mail.
  for (const path of ["/", "/products"]) {
    const shared = await page.request.get(path);
    expect(shared.headers()["cache-control"], path).toContain("public");
    expect(await shared.text(), path).not.toMatch(/Robin|@example\.com/);
  }
  // Their own copy of their data is never stored either.
  const copy = await page.request.get("/account/data");
  expect(copy.headers()["cache-control"]).toBe("private, no-store");
  // Who they are arrives by itself, never stored.
  const me = await page.request.get("/api/me");
  expect(me.headers()["cache-control"]).toBe("private, no-store");
  expect(await me.json()).toMatchObject({ user: { name: "Robin" } });
});

test("Back after signing out on a shared computer does not show the last customer's page", async ({ page }) => {
  const email = uniqueEmail("shared-computer");
  await signedUp(page, email);
  await page.goto("/account");
  await expect(page.getByText(email)).toBeVisible();
  await signOut(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount$/);
  await expect(page.getByText(email)).toHaveCount(0);
});

test("every back-office page and its data is never stored", async ({ page }) => {
  const staff = createStaff("no-store-staff");
  await signInAsStaff(page, staff);
  await expectNeverStored(page.request, ADMIN_PAGES);
});

test("a form body that cannot be read is answered 400 with a clear message, on every action", async ({ page }) => {
  test.slow(); // every action of the shop and the back office, with a sign-up and a cart between
  await expectBrokenFormsRefused(page.request, [
    "/signin",
    "/signup",
    "/forget-password",
    "/reset-password",
    "/api/contact",
    "/contactus",
    "/age-check",
    "/auth/google",
  ]);

  await signedUp(page, uniqueEmail("broken-forms"));
  await addFlavourToCart(page);
  await checkoutToPayment(page);
  // (/account/date-of-birth sends a shopper who has given one on before reading anything; lint keeps it on readForm.)
  await expectBrokenFormsRefused(page.request, [
    "/cart",
    "/cart-address",
    "/cart-shipping",
    "/payment",
    "/account",
    "/api/wishlist",
  ]);
  // Nothing was lost on the way: the cart still holds the line.
  await page.goto("/cart");
  await expect(page.getByRole("heading", { name: /Your cart/ })).toBeVisible();

  await signOut(page);
  await signInAsStaff(page, createStaff("broken-forms-staff"));
  await expectBrokenFormsRefused(page.request, ADMIN_ACTIONS);
});
