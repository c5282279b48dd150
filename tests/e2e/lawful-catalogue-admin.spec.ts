import { expect, test, type Page } from "@playwright/test";
import { createStaff, fillNewFlavour, signInAsStaff } from "./support/admin";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// Issue 29 (part b), in the back-office project (it adds a device, which the storefront journeys' counts must not
// see): the device form's refusal under the single-use vapes ban, drafts, the product page's reusability facts and
// MHRA number, no struck-through price by default, and the MHRA list loaded by staff.

const PNG_1X1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const BAN = /Single-use vapes are banned in the UK since 1 June 2025/;

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

async function fillNewDevice(page: Page, name: string) {
  await page.getByRole("textbox", { name: "Name", exact: true }).fill(name);
  await page.getByRole("textbox", { name: "Description" }).fill("A pod kit for the ban's journey.");
  await page.getByRole("textbox", { name: "Price", exact: true }).fill("21.50");
  await page.getByLabel("Flavours (one per line)").fill("Mint");
  await page.getByLabel("Nicotine strengths (mg, one per line)").fill("10\n20");
  await page.getByLabel("Nicotine (mg/ml)").fill("20");
  await page.getByLabel("Pod size (ml)").fill("2");
  await page
    .getByLabel("Add image")
    .setInputFiles({ name: "kit.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
  await expect(page.getByText("Image uploaded.")).toBeVisible();
}

test("the device form refuses a single-use device with the ban under the field; a draft waits until it is lawful", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("single-use"));
  await page.goto("/admin/products/new");
  const name = `Ban Test Kit ${Date.now()}`;
  await fillNewDevice(page, name);
  await page.getByRole("group", { name: "Rechargeable" }).getByLabel("No").check();
  await page.getByRole("group", { name: "Refill" }).getByLabel("Neither (single-use)").check();
  await page.getByRole("button", { name: "Create device" }).click();

  // Refused: the ban named under both questions, the MHRA number asked for, nothing saved.
  await expect(page.getByRole("alert")).toHaveText("Please correct the fields marked below. Nothing was saved.");
  await expect(page.getByRole("group", { name: "Rechargeable" })).toContainText(BAN);
  await expect(page.getByRole("group", { name: "Refill" })).toContainText(
    "a device can be published only if it has refillable pods or replaceable coils sold separately",
  );
  await expect(page.getByText(/can be published only with its MHRA notification number/)).toBeVisible();
  await page.goto(`/admin/products?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole("link", { name })).toHaveCount(0);

  // Saved as a draft instead: kept, hidden from the shop.
  await page.goto("/admin/products/new");
  await fillNewDevice(page, name);
  await page.getByRole("group", { name: "Rechargeable" }).getByLabel("No").check();
  await page.getByRole("button", { name: "Save as draft" }).click();
  await expect(page.getByRole("status")).toContainText(
    "Draft saved: the device is not shown in the shop until you restore it.",
  );
  const editUrl = page.url();
  const id = new URL(editUrl).pathname.split("/").at(-1)!;
  expect((await page.request.get(`/productdetail/${id}`)).status()).toBe(404);

  // Restoring it is refused with the reasons under the fields.
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "This device cannot be shown in the shop yet: correct the fields marked below, or keep it as a draft.",
  );
  await expect(page.getByRole("group", { name: "Rechargeable" })).toContainText(BAN);

  // Answered lawfully, with its number, it is restored and the product page states the facts.
  await page.getByRole("group", { name: "Rechargeable" }).getByLabel("Yes").check();
  await page.getByRole("group", { name: "Refill" }).getByLabel("Refillable pods").check();
  await page.getByLabel("MHRA notification number (ECID)").fill("12345-22-67890");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status")).toContainText("Changes saved.");
  // Its price, from when and by whom, is the first line of its price history.
  const prices = page.getByRole("table", { name: "Price history" });
  await expect(prices.getByRole("row")).toHaveCount(2);
  await expect(prices.getByRole("row").nth(1)).toContainText("21.50");
  await expect(prices.getByRole("row").nth(1)).toContainText("Sam Staff");
  await page.getByRole("button", { name: "Restore" }).click();
  await expect(page.getByRole("status")).toContainText("Device restored: it is shown in the shop again.");

  await page.goto(`/productdetail/${id}`);
  const specifications = page.getByRole("table", { name: "Specifications" });
  await expect(specifications.getByRole("rowheader", { name: "Rechargeable" })).toBeVisible();
  await expect(specifications.getByRole("rowheader", { name: "Refillable pods" })).toBeVisible();
  await expect(page.getByText("MHRA notification number (ECID): 12345-22-67890")).toBeVisible();
});

test("a demo device's page states its reusability and MHRA number, and shows no struck-through price by default", async ({
  page,
}) => {
  await page.goto("/products?sort=devices");
  await page.getByRole("link", { name: "Crystal Pro Switch 30K" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crystal Pro Switch 30K");
  const specifications = page.getByRole("table", { name: "Specifications" });
  await expect(specifications.getByRole("rowheader", { name: "Rechargeable" })).toBeVisible();
  await expect(specifications.getByRole("rowheader", { name: "Refillable pods" })).toBeVisible();
  await expect(page.getByText(/MHRA notification number \(ECID\): 00000-25-\d{5}/)).toBeVisible();
  // The demo keeps an original price of 29.99 with its history, but SHOW_WAS_PRICES is off by default.
  await expect(page.getByLabel("Original price")).toHaveCount(0);
  await expect(page.locator("del")).toHaveCount(0);
  await expect(page.getByText(/\bsale\b|save £|\bwas £/i)).toHaveCount(0);
});

test("staff load the MHRA list as a CSV: the page says what was loaded and refused, and an unknown number is then refused", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, createStaff("mhra-list"));
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "MHRA list" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "MHRA list" })).toBeVisible();
  await expect(page.getByText("No list is loaded: MHRA numbers are checked for their shape only.")).toBeVisible();

  // The list holds the numbers other journeys save (the demo's and 12345-22-67890), and one broken line.
  const demo = Array.from({ length: 120 }, (_, i) => `Demo Ltd,00000-25-${String(i + 1).padStart(5, "0")},Demo pod`);
  const csv = ["Submitter,ECID,Product name", "Acme,12345-22-67890,Polar Mint", "Acme,12345-22-6789,Broken", ...demo];
  await page.getByLabel("MHRA list (CSV file)").setInputFiles({
    name: "mhra-products.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv.join("\n")),
  });
  await page.getByRole("button", { name: "Load the list" }).click();
  const result = page.getByRole("status");
  await expect(result).toContainText("Loaded 121 MHRA notification numbers from 122 lines. 1 line was refused:");
  await expect(result).toContainText('Line 3: "12345-22-6789" is not a notification number (12345-22-67890)');
  await expect(page.getByText(/The list loaded on .* from mhra-products\.csv holds 121 numbers\./)).toBeVisible();

  try {
    // A flavour with a number not on the list: refused under the field, nothing saved.
    await page.goto("/admin/flavours/new");
    const name = `Unlisted Mint ${Date.now()}`;
    await fillNewFlavour(page, { name, description: "Mint.", price: "5.99", nicotineMgMl: "20" });
    await page.getByLabel("MHRA notification number (ECID)").fill("99999-26-00001");
    await page
      .getByLabel("Add image")
      .setInputFiles({ name: "mint.png", mimeType: "image/png", buffer: Buffer.from(PNG_1X1, "base64") });
    await expect(page.getByText("Image uploaded.")).toBeVisible();
    await page.getByRole("button", { name: "Create flavour" }).click();
    await expect(page.getByLabel("MHRA notification number (ECID)")).toHaveAccessibleDescription(
      /^This number is not on the MHRA's published list loaded on /,
    );
    await page.goto(`/admin/flavours?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name })).toHaveCount(0);
  } finally {
    // Back to the shape check alone, for the journeys that follow.
    await page.goto("/admin/mhra");
    await page.getByRole("button", { name: "Remove the list" }).click();
    await expect(page.getByText("The list was removed: MHRA numbers are checked for their shape only.")).toBeVisible();
  }
});
