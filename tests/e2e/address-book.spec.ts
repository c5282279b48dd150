import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { signedUp, uniqueEmail } from "./support/accounts";
import { addAddress, addFlavourToCart } from "./support/checkout";
import { confirmAgeByCookie, expectNoHorizontalScroll, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

/** A signed-up shopper with a line in the cart, on the address step. */
async function onAddressStep(page: Page, label: string) {
  await signedUp(page, uniqueEmail(label));
  await addFlavourToCart(page, "hayati-pro-max-6000", 0);
  await page.goto("/cart-address");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delivery address");
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
  await page.getByRole("link", { name: "Add New Address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Address" });
  await dialog.getByLabel("Title").fill("Mum's house");
  await dialog.getByRole("radio", { name: "Office" }).check();
  await dialog.getByLabel("Full address").fill("3 Mill Lane, York YO1 7HH");
  await dialog.getByLabel("Phone").fill("07700 900555");
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The title says 'Home' already: no 'Home' tag, no 'Home (Home)'. A title that does not say the type gets the tag.
  const home = page.getByRole("radio", { name: /^Home/ });
  await expect(cardOf(home).getByText("Home", { exact: true })).toHaveCount(1);
  await expect(cardOf(home).getByText("DEFAULT", { exact: true })).toBeVisible();
  await expect(cardOf(home)).toContainText("12 High Street, Leeds LS1 1AA");
  const mums = page.getByRole("radio", { name: /^Mum's house/ });
  await expect(cardOf(mums).getByText("Office", { exact: true })).toBeVisible();
  await expect(cardOf(mums)).toContainText("3 Mill Lane, York YO1 7HH");
  await expect(cardOf(mums)).toContainText("07700 900555");
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
  await expect(editing.getByLabel("Title")).toHaveValue("Mum's house");
  await editing.getByLabel("Title").fill("Gran's flat");
  await editing.getByLabel("Full address").fill("9 Abbey Road, Bath BA1 1AA");
  await editing.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /^Mum's house/ })).toHaveCount(0);
  const gran = page.getByRole("radio", { name: /^Gran's flat/ });
  await expect(cardOf(gran).getByText("Office", { exact: true })).toBeVisible();
  await expect(cardOf(gran)).toContainText("9 Abbey Road, Bath BA1 1AA");

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
  await expect(dialog.getByText("Title is required")).toBeVisible();
  await expect(dialog.getByText("Full address is required")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toBeVisible();
  const title = dialog.getByLabel("Title");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  expect(await violations(page)).toEqual([]);

  await title.fill("Work");
  await expect(dialog.getByText("Title is required")).toHaveCount(0);
  await expect(title).not.toHaveAttribute("aria-invalid");
  await expect(dialog.getByText("Full address is required")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toBeVisible();

  // A field still wrong says what is wrong now, by the same rules as the server.
  const phone = dialog.getByLabel("Phone");
  await phone.fill("call me");
  await expect(dialog.getByText("Enter a phone number using digits")).toBeVisible();
  await expect(dialog.getByText("Phone is required")).toHaveCount(0);
  await phone.fill("0113 496 0000");
  await expect(dialog.getByText("Enter a phone number using digits")).toHaveCount(0);
  await expect(dialog.getByText("Full address is required")).toBeVisible();

  // The server still checks everything: the address left empty is refused again, nothing is saved.
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog.getByText("Full address is required")).toBeVisible();
  await expect(addresses(page).getByRole("radio")).toHaveCount(0);
  await dialog.getByLabel("Full address").fill("1 Park Row, Leeds LS1 5AB");
  await expect(dialog.getByText("Full address is required")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("radio", { name: /^Work/ })).toBeChecked();
});
