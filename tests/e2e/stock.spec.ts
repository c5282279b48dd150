import { expect, test } from "@playwright/test";
import { createStaff, signInAsStaff } from "./support/admin";
import { anotherBrowser, signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";
import { setFlavourStock } from "./support/stock";

// These journeys change one device's flavours' stock: one after another.
test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("two shoppers want the last unit: one gets it, the other is told it is out of stock and nothing is saved", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000); // two shoppers through sign-up and checkout
  const flavour = await setFlavourStock("crystal-pro-switch-30k", 1);
  const other = await anotherBrowser(browser, baseURL!);
  for (const p of [page, other.page]) {
    await signedUp(p, uniqueEmail("last-unit"));
    await p.goto(`/flavour/${flavour.id}`);
    await expect(p.getByText("Only 1 left").first()).toBeVisible();
    await expect(
      p.getByRole("list", { name: "Delivery, stock and guarantee" }).getByText("Only 1 left", { exact: true }),
    ).toBeVisible();
    await p.getByRole("button", { name: "Add to Cart" }).click();
    await expect(p).toHaveURL(/\/cart/);
    await checkoutToPayment(p);
  }

  await placeOrderViaWhatsApp(page);

  await other.page.getByRole("button", { name: "Order via WhatsApp" }).click();
  // Stock is counted per variant: the message names the size both shoppers had (the one the page opens on).
  await expect(other.page.getByRole("alert")).toHaveText(`Sorry, ${flavour.sizeName} is out of stock`);
  await other.page.goto("/account/orders");
  await expect(other.page.getByRole("link", { name: /^Order / })).toHaveCount(0);
  // The cart says what happened instead of keeping a line that cannot be bought.
  await other.page.goto("/cart");
  await expect(other.page.getByRole("status")).toContainText(`Sorry, ${flavour.sizeName} is out of stock`);
  await expect(other.page.getByText("Your cart is empty")).toBeVisible();

  // Everyone now sees that size out of stock, on its button (the page opens on a size still in stock); chosen, Add to
  // Cart is off, and the server refuses a forged one too.
  await other.page.goto(`/flavour/${flavour.id}`);
  const bought = other.page
    .getByRole("group", { name: "Size" })
    .getByRole("button", { name: `${flavour.size}mg · Out of stock`, exact: true });
  await expect(bought).toHaveAttribute("aria-pressed", "false");
  await bought.click();
  await expect(bought).toHaveAttribute("aria-pressed", "true");
  await expect(other.page.getByText("Out of stock").first()).toBeVisible();
  await expect(other.page.getByRole("button", { name: "Add to Cart" })).toBeDisabled();
  await expect(
    other.page.getByRole("list", { name: "Delivery, stock and guarantee" }).getByText("Out of stock", { exact: true }),
  ).toBeVisible();
  const forged = await other.page.request.post("/cart", {
    form: {
      intent: "add",
      kind: "flavour",
      itemId: flavour.id,
      flavour: "",
      nicotineStrength: String(flavour.size),
      puffCount: "",
      quantity: "1",
    },
    headers: { origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain(`Sorry, ${flavour.sizeName} is out of stock`);
  await other.context.close();
});

test("a shopper asks to hear when an item is back; staff restock it and the e-mail arrives", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const flavour = await setFlavourStock("crystal-pro-switch-30k", 0);
  const email = uniqueEmail("waiting");
  await page.goto(`/flavour/${flavour.id}`);
  await expect(page.getByText("Out of stock").first()).toBeVisible();
  const form = page.getByRole("form", { name: "Email me when it's back" });
  await form.getByLabel("Your e-mail").fill(email);
  await form.getByRole("button", { name: "Email me when it's back" }).click();
  await expect(page.getByRole("status").filter({ hasText: "we will e-mail you once" })).toBeVisible();

  // Staff receive 12 units in the back office.
  const staff = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(staff.page, createStaff("restock"));
  await staff.page.goto(`/admin/flavours/${flavour.id}`);
  const adjust = staff.page.getByRole("form", { name: "Adjust stock" });
  await adjust.getByLabel("Why").selectOption({ label: "Received" });
  await adjust.getByLabel("Change (units, e.g. 12 or -2)").fill("12");
  await adjust.getByLabel("Note").fill("Delivery from the wholesaler");
  await adjust.getByRole("button", { name: "Adjust stock" }).click();
  await expect(staff.page.getByText("Stock updated.")).toBeVisible();
  await expect(staff.page.getByRole("table", { name: "Stock history" })).toContainText("Delivery from the wholesaler");
  await staff.context.close();

  const mail = await waitForMail(email, 15_000, /is back in stock/);
  expect(mail.subject).toContain(`${flavour.sizeName} is back in stock`);
  expect(mail.text).toContain(`/flavour/${flavour.id}`);
  await page.goto(`/flavour/${flavour.id}`);
  await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
});
