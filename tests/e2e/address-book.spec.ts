import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addAddress, addFlavourToCart } from "./support/checkout";
import { E2E_DIR } from "./support/ports";
import { confirmAgeByCookie, expectNoHorizontalScroll, ownClientAddress } from "./support/shop";
import { sqliteQuery } from "./support/sqlite-query";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** A signed-up shopper with a line in the cart, on the address step. */
async function onAddressStep(page: Page, label: string) {
  const email = uniqueEmail(label);
  await signedUp(page, email);
  await addFlavourToCart(page, "hayati-pro-max-6000", 0);
  await page.goto("/cart-address");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delivery address");
  return email;
}

const addresses = (page: Page) => page.getByRole("group", { name: "Choose a delivery address" });
/** axe-core's findings on the page as shown (WCAG 2.1 A and AA, and best practice). */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations.map((v) => ({ rule: v.id, where: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}

/** The card around an address's radio button. */
const cardOf = (radio: Locator) => radio.locator("xpath=ancestor::div[1]");

test("each saved address is a card with its type once and its own Edit and Delete buttons, which work", async ({
  page,
}) => {
  test.setTimeout(180_000); // sign-up by e-mailed link, a flavour page, then the address step
  await page.setViewportSize({ width: 360, height: 800 });
  await onAddressStep(page, "address-cards");
  await addAddress(page, "Home");
  await addAddress(page, "Mum's house", {
    recipient: "Jean Taylor",
    line1: "3 Mill Lane",
    town: "York",
    postcode: "yo17hh",
    phone: "07700 900555",
  });
  await page.getByRole("button", { name: "Edit address Mum's house" }).click();
  const office = page.getByRole("dialog", { name: "Edit address" });
  await office.getByRole("radio", { name: "Office" }).check();
  await office.getByLabel("Address line 2").fill("Clifton");
  await office.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The nickname says 'Home' already: no 'Home' tag, no 'Home (Home)'. One that does not say the type gets the tag.
  const home = page.getByRole("radio", { name: /^Home/ });
  await expect(cardOf(home).getByText("Home", { exact: true })).toHaveCount(1);
  await expect(cardOf(home).getByText("DEFAULT", { exact: true })).toBeVisible();
  await expect(cardOf(home)).toContainText("Sam Taylor12 High StreetLeedsLS1 1AA07700 900444");
  const mums = page.getByRole("radio", { name: /^Mum's house/ });
  await expect(cardOf(mums).getByText("Office", { exact: true })).toBeVisible();
  // A part per line, the postcode in capitals with its space.
  for (const line of ["Jean Taylor", "3 Mill Lane", "Clifton", "York", "YO1 7HH", "07700 900555"])
    await expect(cardOf(mums).getByText(line, { exact: true })).toBeVisible();
  await expect(page.getByText("(Home)")).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  expect(await violations(page)).toEqual([]);

  // The buttons sit on their card (inside its box), big enough to hit, and show where the keyboard is.
  const edit = page.getByRole("button", { name: "Edit address Mum's house" });
  const remove = page.getByRole("button", { name: "Delete address Mum's house" });
  const cardBox = (await cardOf(mums).boundingBox())!;
  for (const button of [edit, remove]) {
    const box = (await button.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x).toBeGreaterThanOrEqual(cardBox.x);
    expect(box.y).toBeGreaterThanOrEqual(cardBox.y);
    expect(box.x + box.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
    expect(box.y + box.height).toBeLessThanOrEqual(cardBox.y + cardBox.height);
  }
  await mums.check();
  await page.keyboard.press("Tab");
  await expect(edit).toBeFocused();
  const outline = await edit.evaluate((el) => {
    const style = getComputedStyle(el);
    return { visible: el.matches(":focus-visible"), style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.visible).toBe(true);
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);

  // Edit, from the keyboard: the dialog holds this address; saving changes the card.
  await page.keyboard.press("Enter");
  const editing = page.getByRole("dialog", { name: "Edit address" });
  await expect(editing.getByLabel("Nickname")).toHaveValue("Mum's house");
  await expect(editing.getByLabel("Postcode")).toHaveValue("YO1 7HH");
  await editing.getByLabel("Nickname").fill("Gran's flat");
  await editing.getByLabel("Address line 1").fill("9 Abbey Road");
  await editing.getByLabel("Address line 2").fill("");
  await editing.getByLabel("Town or city").fill("Bath");
  await editing.getByLabel("Postcode").fill("ba1 1aa");
  await editing.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /^Mum's house/ })).toHaveCount(0);
  const gran = page.getByRole("radio", { name: /^Gran's flat/ });
  await expect(cardOf(gran).getByText("Office", { exact: true })).toBeVisible();
  await expect(cardOf(gran)).toContainText("Jean Taylor9 Abbey RoadBathBA1 1AA");

  // Delete removes that address and only that one.
  await page.getByRole("button", { name: "Delete address Gran's flat" }).click();
  await expect(page.getByRole("radio", { name: /^Gran's flat/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit address Gran's flat" })).toHaveCount(0);
  await expect(home).toBeVisible();
  await page.reload();
  await expect(addresses(page).getByRole("radio")).toHaveCount(1);
});

test("in the address dialog a field's error goes as soon as that field is put right; the others stay", async ({
  page,
}) => {
  test.setTimeout(180_000); // sign-up by e-mailed link, a flavour page, then the address step
  await onAddressStep(page, "address-errors");
  await page.getByRole("link", { name: "Add New Address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Address" });
  await dialog.getByRole("button", { name: "Save address" }).click();
  const required = [
    "Enter the recipient's name",
    "Enter the first line of the address",
    "Enter the town or city",
    "Enter the postcode",
    "Phone is required",
  ];
  for (const message of required) await expect(dialog.getByText(message)).toBeVisible();
  // The nickname and line 2 are optional: nothing said under them.
  await expect(dialog.getByLabel("Nickname")).not.toHaveAttribute("aria-invalid");
  await expect(dialog.getByLabel("Address line 2")).not.toHaveAttribute("aria-invalid");
  const recipient = dialog.getByLabel("Recipient's name");
  await expect(recipient).toHaveAttribute("aria-invalid", "true");
  expect(await violations(page)).toEqual([]);

  await recipient.fill("Rowan Hale");
  await expect(dialog.getByText("Enter the recipient's name")).toHaveCount(0);
  await expect(recipient).not.toHaveAttribute("aria-invalid");
  await expect(dialog.getByText("Enter the first line of the address")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toBeVisible();

  // A field still wrong says what is wrong now, by the same rules as the server.
  const phone = dialog.getByLabel("Phone");
  await phone.fill("call me");
  await expect(dialog.getByText("Enter a phone number using digits")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toHaveCount(0);
  await phone.fill("0113 496 0000");
  await expect(dialog.getByText("Enter a phone number using digits")).toHaveCount(0);
  const postcode = dialog.getByLabel("Postcode");
  await postcode.fill("90210");
  await expect(dialog.getByText("Enter a UK postcode, like LS1 1AA")).toBeVisible();
  await postcode.fill("ls1 5ab");
  await expect(dialog.getByText("Enter a UK postcode, like LS1 1AA")).toHaveCount(0);
  await dialog.getByLabel("Town or city").fill("Leeds");
  await expect(dialog.getByText("Enter the first line of the address")).toBeVisible();

  // The server still checks everything: line 1 left empty is refused again, nothing is saved.
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText("Enter the first line of the address")).toBeVisible();
  await expect(addresses(page).getByRole("radio")).toHaveCount(0);
  await dialog.getByLabel("Address line 1").fill("1 Park Row");
  await expect(dialog.getByText("Enter the first line of the address")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  // No nickname: the card is named by its type.
  const saved = page.getByRole("radio", { name: /^Home/ });
  await expect(saved).toBeChecked();
  await expect(cardOf(saved)).toContainText("Rowan Hale1 Park RowLeedsLS1 5AB");
});

for (const { width, height } of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test(`an address saved before the UK form is completed when it is next used (${width} px)`, async ({ page }) => {
    test.setTimeout(180_000); // sign-up by e-mailed link, a flavour page, then the checkout's steps
    await page.setViewportSize({ width, height });
    const email = await onAddressStep(page, `address-before-${width}`);
    await addAddress(page, "Home");
    // As migration 2026_11_26_0610 left it: the free text as line 1 (its own line breaks), the rest empty.
    await sqliteQuery(`${E2E_DIR}/shop.db`)(
      `update addresses set recipient = '', line1 = 'Flat 9' || char(10) || '3 Mill Lane' || char(10) || 'Hull HU1 1AA',
       line2 = '', town = '', postcode = '' where user_id = (select id from "user" where email = '${email}')`,
    );
    await page.reload();
    const home = page.getByRole("radio", { name: /^Home/ });
    for (const line of ["Flat 9", "3 Mill Lane", "Hull HU1 1AA"])
      await expect(cardOf(home).getByText(line, { exact: true })).toBeVisible();
    await expect(cardOf(home)).toContainText(
      "Needs the recipient's name, town and postcode: edit it before ordering to it.",
    );
    await expectNoHorizontalScroll(page);

    // Straight to the payment step: the shop sends the shopper back to complete it, the editor open.
    await page.goto("/payment");
    await expect(page).toHaveURL(/\/cart-address\?complete=1$/);
    const editing = page.getByRole("dialog", { name: "Edit address" });
    await expect(editing.getByText("the recipient's name, town or city and postcode are needed")).toBeVisible();
    await expect(editing.getByText("Enter the recipient's name")).toBeVisible();
    await expect(editing.getByText("Enter the town or city")).toBeVisible();
    await expect(editing.getByText("Enter the postcode")).toBeVisible();
    await expectNoHorizontalScroll(page);
    await editing.getByRole("button", { name: "Cancel" }).click();

    // Next with it chosen asks the same, and nothing goes on until it is complete.
    await home.check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(editing.getByText("Enter the recipient's name")).toBeVisible();
    await expect(page).toHaveURL(/\/cart-address/);
    await editing.getByLabel("Recipient's name").fill("Owen Price");
    await editing.getByLabel("Address line 1").fill("Flat 9");
    await editing.getByLabel("Address line 2").fill("3 Mill Lane");
    await editing.getByLabel("Town or city").fill("Hull");
    await editing.getByLabel("Postcode").fill("hu1 1aa");
    await editing.getByRole("button", { name: "Save address" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(cardOf(home)).not.toContainText("Needs the recipient's name");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/cart-shipping$/);
    await page.getByRole("radio", { name: /Free Shipping/ }).check();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/payment$/);
    const delivery = page.getByRole("heading", { name: "Delivery address" }).locator("xpath=..");
    await expect(delivery).toContainText("Owen PriceFlat 93 Mill LaneHullHU1 1AA07700 900444");
    await expectNoHorizontalScroll(page);
  });
}
