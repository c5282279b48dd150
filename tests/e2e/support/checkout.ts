import { expect, type Locator, type Page } from "@playwright/test";

/** Adds the nth flavour of /flavours?device=… that is in stock to the cart from its page; returns its name. */
export async function addFlavourToCart(page: Page, device = "hayati-rubik-7000", nth = 0) {
  for (let index = nth; index < nth + 5; index++) {
    await page.goto(`/flavours?device=${device}`);
    await page.locator("main article").nth(index).getByRole("link").click();
    await expect(page).toHaveURL(/\/flavour\/[a-z0-9]+$/);
    const button = page.getByRole("button", { name: "Add to Cart" });
    if (await button.isDisabled()) continue;
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await button.click();
    // The shop moves on once the line is added (to /cart, or a visitor to sign in): wait for it, or a following
    // page.goto could cut the add short.
    await page.waitForURL((url) => !url.pathname.startsWith("/flavour/"));
    return name;
  }
  throw new Error(`no flavour in stock near position ${nth} of ${device}`);
}

/** The UK address the journeys deliver to (typed as a shopper might: the shop writes the postcode in capitals). */
export const journeyAddress = {
  recipient: "Sam Taylor",
  line1: "12 High Street",
  town: "Leeds",
  postcode: "ls1 1aa",
  phone: "07700 900444",
};

/** On the address step: adds a UK address by its dialog, under this nickname, with any part replaced. */
export async function addAddress(page: Page, nickname = "Home", parts: Partial<typeof journeyAddress> = {}) {
  const address = { ...journeyAddress, ...parts };
  await page.getByRole("link", { name: "Add New Address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Address" });
  await dialog.getByLabel("Recipient's name").fill(address.recipient);
  await dialog.getByLabel("Address line 1").fill(address.line1);
  await dialog.getByLabel("Town or city").fill(address.town);
  await dialog.getByLabel("Postcode").fill(address.postcode);
  await dialog.getByLabel("Phone").fill(address.phone);
  await dialog.getByLabel("Nickname").fill(nickname);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

/** From a filled cart to the payment step: address, then Express Shipping. */
export async function checkoutToPayment(page: Page) {
  await page.goto("/cart");
  await page.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL(/\/cart-address$/);
  await addAddress(page);
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cart-shipping$/);
  await page.getByRole("radio", { name: /Express Shipping/ }).check();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/payment$/);
}

export async function expectQuantity(line: Locator, quantity: number) {
  await expect(line.getByLabel(`Quantity ${quantity}`, { exact: true })).toBeVisible();
}

/** On /payment: 'Order via WhatsApp', the WhatsApp tab closed again; returns the Order ID from /success. */
export async function placeOrderViaWhatsApp(page: Page): Promise<string> {
  const popup = page.waitForEvent("popup");
  await page.getByRole("button", { name: "Order via WhatsApp" }).click();
  await (await popup).close();
  await expect(page).toHaveURL(/\/success\?order=/, { timeout: 20_000 });
  return new URL(page.url()).searchParams.get("order")!;
}
