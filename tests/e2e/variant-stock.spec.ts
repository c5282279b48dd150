import { expect, test, type Page } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { E2E_DIR } from "./support/ports";
import { cardNamed, confirmAgeByCookie, ownClientAddress, promises } from "./support/shop";
import { sqliteQuery } from "./support/sqlite-query";
import { setVariant } from "./support/stock";

// Issue 30: stock is counted per variant. A choice that is out of stock says so on its button and cannot be added;
// the stock badge follows the chosen variant; list cards say 'Out of stock' only when every variant is.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
  // WhatsApp itself is not reachable from the test machine.
  await context.route("https://wa.me/**", (route) => route.fulfill({ contentType: "text/plain", body: "WhatsApp" }));
});

// The demo's Crystal Pro CP 10K opens on Blue Razz Ice, 10 mg, 5000 puffs; no other journey buys it.
const DEVICE = "crystal-pro-cp-10k";
const blueRazz = (nicotineStrength: number) => ({ flavour: "Blue Razz Ice", nicotineStrength, puffCount: 5000 });
const strengths = (page: Page) => page.getByRole("group", { name: "Nicotine Strength" });
const addToCart = (page: Page) => page.getByRole("button", { name: "Add to Cart" });

test("a shopper sees 20 mg out of stock while 10 mg sells", async ({ page, baseURL }) => {
  test.setTimeout(180_000); // sign-up and a checkout
  const ten = await setVariant("device", DEVICE, blueRazz(10), { stock: 1 });
  const twenty = await setVariant("device", DEVICE, blueRazz(20), { stock: 0 });
  try {
    const email = uniqueEmail("variant");
    await signedUp(page, email);
    await page.goto(`/productdetail/${ten.itemId}`);

    // 10 mg, the default, has its last unit; 20 mg says on its button that it is out of stock.
    await expect(strengths(page).getByRole("button", { name: "10mg", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(strengths(page).getByRole("button", { name: "20mg · Out of stock", exact: true })).toBeVisible();
    await expect(strengths(page).getByRole("button", { name: "0mg", exact: true })).toBeVisible();
    await expect(promises(page).getByText("Only 1 left", { exact: true })).toBeVisible();
    await expect(page.getByText(`SKU: ${ten.sku}`, { exact: true })).toBeVisible();
    await expect(addToCart(page)).toBeEnabled();
    await expect(page.getByRole("form", { name: "Email me when it's back" })).toHaveCount(0);

    // With 20 mg chosen, its button and the badges say so, it cannot be added, and the shopper can ask to hear when
    // it is back.
    await strengths(page).getByRole("button", { name: "20mg · Out of stock" }).click();
    await expect(strengths(page).getByRole("button", { name: "20mg · Out of stock", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByText("Out of stock", { exact: true }).first()).toBeVisible(); // beside the price
    await expect(strengths(page).getByRole("button", { name: "10mg", exact: true })).toBeVisible();
    await expect(promises(page).getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(promises(page)).toContainText("Not available to order");
    await expect(addToCart(page)).toBeDisabled();
    await expect(addToCart(page)).toHaveAccessibleDescription("Out of stock");
    await expect(page.getByText(`SKU: ${twenty.sku}`, { exact: true })).toBeVisible();
    const form = page.getByRole("form", { name: "Email me when it's back" });
    await expect(form).toContainText("Blue Razz Ice, 20 mg, 5000 puffs");
    await expect(form.getByLabel("Your e-mail")).toHaveValue(email); // the signed-in shopper's, filled in
    await form.getByRole("button", { name: "Email me when it's back" }).click();
    await expect(page.getByRole("status").filter({ hasText: "we will e-mail you once" })).toBeVisible();
    const alerts = await sqliteQuery(`${E2E_DIR}/shop.db`)(
      `select variant_id from stock_alerts where email = '${email}'`,
    );
    expect(alerts).toEqual([{ variant_id: twenty.variantId }]);

    // The server refuses 20 mg too, however it is asked for.
    const forged = await page.request.post("/cart", {
      form: {
        intent: "add",
        kind: "device",
        itemId: ten.itemId,
        ...{ flavour: "Blue Razz Ice", nicotineStrength: "20", puffCount: "5000", quantity: "1" },
      },
      headers: { origin: new URL(baseURL!).origin },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain(
      "Sorry, Crystal Pro CP 10K (Blue Razz Ice, 20 mg, 5000 puffs) is out of stock",
    );

    // 10 mg sells: the shopper buys its last unit.
    await strengths(page).getByRole("button", { name: "10mg", exact: true }).click();
    await expect(promises(page).getByText("Only 1 left", { exact: true })).toBeVisible();
    await expect(page.getByRole("form", { name: "Email me when it's back" })).toHaveCount(0);
    await addToCart(page).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByRole("region", { name: "Cart items" })).toContainText("10mg");
    await checkoutToPayment(page);
    await placeOrderViaWhatsApp(page);

    // Everyone now sees 10 mg with 5000 puffs out of stock too (the order refreshed the cached page): the page opens
    // on the nearest variant in stock, Blue Razz Ice at 10 mg with 10000 puffs, and 5000 puffs says it is out.
    await page.goto(`/productdetail/${ten.itemId}`);
    const puffs = page.getByRole("group", { name: "Puff Count" });
    await expect(strengths(page).getByRole("button", { name: "10mg", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(puffs.getByRole("button", { name: "10000 puffs", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(addToCart(page)).toBeEnabled();
    await puffs.getByRole("button", { name: "5000 puffs · Out of stock", exact: true }).click();
    await expect(strengths(page).getByRole("button", { name: "10mg · Out of stock", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(promises(page).getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(strengths(page).getByRole("button", { name: "20mg · Out of stock", exact: true })).toBeVisible();
    await expect(addToCart(page)).toBeDisabled();
    // The device still sells in its other flavours and strengths, so its card does not say 'Out of stock'.
    await page.goto("/products?sort=devices");
    await expect(cardNamed(page, "Crystal Pro CP 10K")).toBeVisible();
    await expect(cardNamed(page, "Crystal Pro CP 10K")).not.toContainText("Out of stock");
  } finally {
    await setVariant("device", DEVICE, blueRazz(10), { stock: 20 });
    await setVariant("device", DEVICE, blueRazz(20), { stock: 20 });
  }
});

test("a combination the shop does not list cannot be chosen: picking its flavour moves to one it sells", async ({
  page,
}) => {
  // Staff stopped selling Cherry Ice at 10 mg with 5000 puffs; it still comes with 10000 puffs.
  const cherry = { flavour: "Cherry Ice", nicotineStrength: 10, puffCount: 5000 };
  const { itemId } = await setVariant("device", DEVICE, cherry, { listed: false });
  try {
    await page.goto(`/productdetail/${itemId}`);
    const flavours = page.getByRole("group", { name: "Flavour" });
    const button = flavours.getByRole("button", { name: "Cherry Ice · Not available with 10mg, 5000 puffs" });
    await expect(button).toBeEnabled();
    await button.click();
    await expect(flavours.getByRole("button", { name: "Cherry Ice", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    const puffs = page.getByRole("group", { name: "Puff Count" });
    await expect(puffs.getByRole("button", { name: "10000 puffs", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByRole("status").filter({ hasText: "Changed to a combination we sell" })).toHaveText(
      "Changed to a combination we sell: Puff Count 10000 puffs.",
    );
    await expect(puffs.getByRole("button", { name: "5000 puffs · Not available with Cherry Ice, 10mg" })).toBeVisible();
    await expect(addToCart(page)).toBeEnabled();
  } finally {
    await setVariant("device", DEVICE, cherry, { listed: true });
  }
});

test("a flavour's 20 mg out of stock: its size says so, the lists do not", async ({ page }) => {
  // The demo's Kiwi Passion Guava (Hayati Pro Max 6000) comes in 10 and 20 mg; no other journey changes it.
  const slug = "kiwi-passion-guava-hayati-pro-max-6000";
  const name = "Kiwi Passion Guava";
  const ten = await setVariant("flavour", slug, { nicotineStrength: 10 }, { stock: 8 });
  await setVariant("flavour", slug, { nicotineStrength: 20 }, { stock: 0 });
  try {
    await page.goto(`/flavour/${ten.itemId}`);
    const sizes = page.getByRole("group", { name: "Size" });
    await expect(sizes.getByRole("button", { name: "10mg", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(promises(page).getByText("In stock", { exact: true })).toBeVisible();
    await sizes.getByRole("button", { name: "20mg · Out of stock", exact: true }).click();
    await expect(promises(page).getByText("Out of stock", { exact: true })).toBeVisible();
    await expect(addToCart(page)).toBeDisabled();
    await expect(page.getByRole("form", { name: "Email me when it's back" })).toBeVisible();

    await page.goto("/flavours?device=hayati-pro-max-6000");
    const card = cardNamed(page, name);
    await expect(card).toBeVisible();
    await expect(card).not.toContainText("Out of stock");
    await card.getByRole("button", { name: `Add ${name} to wishlist` }).click();
    await page.goto(`/search?q=${encodeURIComponent(name)}`);
    await expect(cardNamed(page, name)).toBeVisible();
    await expect(cardNamed(page, name)).not.toContainText("Out of stock");
    await page.goto("/wishlist");
    await expect(cardNamed(page, name)).toBeVisible();
    await expect(cardNamed(page, name)).not.toContainText("Out of stock");
  } finally {
    await setVariant("flavour", slug, { nicotineStrength: 20 }, { stock: 20 });
  }
});

test("a flavour whose first size is out of stock opens on the size in stock, and each size out says so", async ({
  page,
}) => {
  // The demo's Kiwi Passion Guava (Hayati Pro Max 6000) comes in 10 and 20 mg; no other journey changes it.
  const slug = "kiwi-passion-guava-hayati-pro-max-6000";
  const { itemId } = await setVariant("flavour", slug, { nicotineStrength: 10 }, { stock: 0 });
  await setVariant("flavour", slug, { nicotineStrength: 20 }, { stock: 5 });
  try {
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/flavour/${itemId}`);
      const sizes = page.getByRole("group", { name: "Size" });
      await expect(sizes.getByRole("button", { name: "20mg", exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(sizes.getByRole("button", { name: "10mg · Out of stock", exact: true })).toHaveAttribute(
        "aria-pressed",
        "false",
      );
      await expect(promises(page).getByText("Only 5 left", { exact: true })).toBeVisible();
      await expect(addToCart(page)).toBeEnabled();
    }
    // Chosen, the size out of stock still says so on its button, not only beside the price.
    const sizes = page.getByRole("group", { name: "Size" });
    await sizes.getByRole("button", { name: "10mg · Out of stock", exact: true }).click();
    await expect(sizes.getByRole("button", { name: "10mg · Out of stock", exact: true })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(sizes.getByRole("button", { name: "20mg", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expect(addToCart(page)).toBeDisabled();
  } finally {
    await setVariant("flavour", slug, { nicotineStrength: 10 }, { stock: 20 });
    await setVariant("flavour", slug, { nicotineStrength: 20 }, { stock: 20 });
  }
});
