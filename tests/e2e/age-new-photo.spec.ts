import { expect, test } from "@playwright/test";
import { htmlCalledPdf, jpegPolyglot, phonePhoto, picture } from "../../app/modules/age-checks/testing/documents";
import { createStaff, signInAsStaff } from "./support/admin";
import { axeViolations } from "./support/axe";
import { anotherBrowser, signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// Issue 65: what a shopper, a new owner and an attacker found in the age check.

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("a blurry photo ID: staff see it beside the buttons and ask for a new one; the customer is told why, sends another, and is verified", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail("age-new-photo");
  await signedUp(page, email, { firstName: "Ottilie" });
  await addFlavourToCart(page, "hayati-rubik-7000", 2);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByRole("note")).toContainText(
    "Age check needed: we confirm your age before your first order is dispatched.",
  );

  // An attacker's files are refused under the field: a JPEG only by its header, an HTML page calling itself a PDF.
  await page.goto("/account/age-check");
  const fileField = page.getByLabel(/Photo or scan of the document/);
  const send = async (name: string, mimeType: string, bytes: Uint8Array) => {
    await page.getByRole("radio", { name: "Passport" }).check();
    await fileField.setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
    await page.getByRole("button", { name: /^Send/ }).click();
  };
  await send("passport.jpg", "image/jpeg", await jpegPolyglot());
  await expect(page.getByText("This photo could not be read whole")).toBeVisible();
  await expect(fileField).toHaveAttribute("aria-invalid", "true");
  await send("passport.pdf", "application/pdf", htmlCalledPdf());
  await expect(page.getByText("This PDF could not be read")).toBeVisible();
  // A phone photo taken on its side (and telling where) is taken.
  await send("IMG_0001.jpg", "image/jpeg", await phonePhoto({ width: 60, height: 40 }));
  await expect(page.getByRole("status")).toContainText("Thank you: we have your document.");

  const staff = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(staff.page, createStaff("age-new-photo-staff"));
  await staff.page.goto("/admin/age-checks");
  const check = staff.page.getByRole("listitem", { name: "Ottilie Taylor" });
  // The photo ID beside Verify and Fail, upright (the phone's orientation applied; its metadata gone).
  const image = check.getByRole("img", { name: "Ottilie Taylor's passport" });
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
  await expect(check.getByRole("button", { name: "Verify" })).toBeVisible();
  expect(await axeViolations(staff.page), staff.page.url()).toEqual([]);
  await check.getByLabel("Note (what you checked)").fill("The photo is too blurry to read the date of birth");
  await check.getByRole("button", { name: "Ask for a new photo" }).click();
  await expect(staff.page.getByRole("status")).toContainText(
    "Ottilie Taylor was asked for a new photo, with your note, by e-mail. The photo they sent has been deleted; their orders wait for the new one.",
  );
  await expect(check).toContainText("New photo asked for, none sent yet");
  await expect(check).toContainText("The photo is too blurry to read the date of birth");
  await expect(check.getByRole("img")).toHaveCount(0);

  // The customer is told why, and sends another; their order waits (not cancelled).
  const asked = await waitForMail(email, 15_000, /please send a new photo of your ID/);
  expect(asked.text).toContain("The reason: The photo is too blurry to read the date of birth");
  expect(asked.text).toContain("/account/age-check");
  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Age check" })).toContainText(
    "We could not use the photo you sent (The photo is too blurry to read the date of birth).",
  );
  await page.getByRole("link", { name: "Send a new photo" }).click();
  await expect(page.getByRole("heading", { name: "Send a new photo of your photo ID" })).toBeVisible();
  await expect(page.getByRole("note")).toContainText("The reason: The photo is too blurry to read the date of birth");
  expect(await axeViolations(page), page.url()).toEqual([]);
  await send("passport.png", "image/png", await picture("png", { width: 64, height: 48 }));
  await expect(page.getByRole("status")).toContainText("Thank you: we have your document.");
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("Status: Cancelled")).toHaveCount(0);

  await staff.page.reload();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await check.getByLabel("Note (what you checked)").fill("Passport clear: born 1992");
  await check.getByRole("button", { name: "Verify" }).click();
  await expect(staff.page.getByRole("status")).toContainText(
    "Ottilie Taylor's age is verified. Any photo ID they sent has been deleted.",
  );
  await staff.context.close();
  await waitForMail(email, 15_000, /your age is confirmed/);
});
