import { existsSync } from "node:fs";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { createStaff, recordPayment, signInAsStaff } from "./support/admin";
import { axeViolations } from "./support/axe";
import { anotherBrowser, signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { AGE_DOCUMENTS_DIR, waitingAgeDocument } from "./support/age-documents";
import { E2E_DIR } from "./support/ports";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";
import { setFlavourStock } from "./support/stock";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

test("a new customer orders and sends a photo of their ID; staff see it and verify (it is gone), record the payment and dispatch", async ({
  page,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(180_000);
  // Not the first flavour of this device: age-checks.spec.ts counts its stock exactly, in parallel with this one.
  const flavour = await setFlavourStock("crystal-pro-cp-10k", 5, "last");
  const email = uniqueEmail("age-document");
  await signedUp(page, email, { firstName: "Morgan" });
  await page.goto(`/flavour/${flavour.id}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page).toHaveURL(/\/cart/);
  await checkoutToPayment(page);
  const orderId = await placeOrderViaWhatsApp(page);

  // The confirmation page says what is checked, why, and where to do it; so does the e-mail.
  const next = page.getByRole("region", { name: "One more step: confirm your age" });
  await expect(next).toContainText("UK law forbids selling nicotine products to under-18s");
  const asked = await waitForMail(email, 15_000, /please send a photo of your ID/);
  expect(asked.text).toContain("/account/age-check");
  expect(asked.text).toContain("Only the shop's staff see it");
  await next.getByRole("link", { name: "Send a photo of your photo ID" }).click();
  await expect(page.getByRole("heading", { name: "Confirm your age", level: 1 })).toBeVisible();
  await expect(page.getByText(/Only the shop's staff see it/)).toBeVisible();
  await expect(page.getByText(/deleted as soon as they have checked it, or after 30 days/)).toBeVisible();

  expect(await axeViolations(page), page.url()).toEqual([]);

  // Something that only claims to be a photo is refused under the field; nothing is kept.
  const fileField = page.getByLabel(/Photo or scan of the document/);
  await page.getByRole("radio", { name: "Passport" }).check();
  await fileField.setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: Buffer.from("not a photo") });
  await page.getByRole("button", { name: "Send the document" }).click();
  await expect(page.getByText("This file is not a photo (JPEG or PNG) or a PDF.")).toBeVisible();
  await expect(fileField).toHaveAttribute("aria-invalid", "true");
  // So is one over 10 MB, with the reason.
  await page.getByRole("radio", { name: "Passport" }).check();
  await fileField.setInputFiles({
    name: "huge.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(11 * 1024 * 1024, 0xff),
  });
  await page.getByRole("button", { name: "Send the document" }).click();
  await expect(page.getByText("This file is larger than 10 MB.")).toBeVisible();
  expect(waitingAgeDocument(email)).toBeNull();

  // A real photo (made here with sharp) is taken.
  const photo = await sharp({ create: { width: 64, height: 40, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await page.getByRole("radio", { name: "Passport" }).check();
  await fileField.setInputFiles({ name: "my-passport.png", mimeType: "image/png", buffer: photo });
  await page.getByRole("button", { name: "Send the document" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you: we have your document.");
  await expect(page.getByRole("note")).toContainText("Passport");
  // Kept privately (never under the public uploads).
  const fileName = waitingAgeDocument(email);
  expect(fileName).not.toBeNull();
  const kept = `${AGE_DOCUMENTS_DIR}/${fileName}`;
  expect(existsSync(kept)).toBe(true);
  await page.goto("/account");
  await expect(page.getByRole("region", { name: "Age check" })).toContainText("We have your photo ID");

  const staff = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(staff.page, createStaff("age-document-staff"));
  // The order page says it waits for the age check, and that the photo ID is there.
  await staff.page.goto(`/admin/orders/${orderId}`);
  await expect(staff.page.getByRole("note")).toContainText("This order waits for the age check");
  await expect(staff.page.getByRole("note")).toContainText("their photo ID is waiting for you");
  await staff.page.goto("/admin/age-checks");
  const check = staff.page.getByRole("listitem", { name: "Morgan Taylor" });
  await check.getByRole("link", { name: /Document waiting: Passport/ }).click();
  await expect(staff.page.getByRole("heading", { name: "Age check: Morgan Taylor" })).toBeVisible();
  await expect(staff.page.getByText("14 March 1992", { exact: true })).toBeVisible();
  const image = staff.page.getByRole("img", { name: "The customer's passport" });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  const documentUrl = new URL((await image.getAttribute("src"))!, baseURL).pathname;
  // A visitor is refused it at every step: here while it waits, then after the decision and after the dispatch.
  expect(await axeViolations(staff.page), staff.page.url()).toEqual([]);

  const seenByStaff = await staff.page.request.get(documentUrl);
  expect(seenByStaff.status()).toBe(200);
  expect(seenByStaff.headers()["content-type"]).toBe("image/png");
  expect(seenByStaff.headers()["cache-control"]).toContain("no-store");
  expect(seenByStaff.headers()["x-robots-tag"]).toContain("noindex");
  // Not to the customer whose document it is, nor to a visitor.
  expect((await page.request.get(documentUrl)).status()).toBe(404);
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() });
  expect((await visitor.get(documentUrl)).status()).toBe(404);

  await staff.page.getByLabel("Note (what you checked)").fill("Passport photo matches; born 1992");
  await staff.page.getByRole("button", { name: "Verify" }).click();
  await expect(staff.page.getByRole("status")).toContainText(
    "Morgan Taylor's age is verified. Any photo ID they sent has been deleted.",
  );
  await expect(staff.page.getByRole("region", { name: "Document" })).toContainText("No document is kept");
  expect((await staff.page.request.get(documentUrl)).status()).toBe(404);
  expect((await visitor.get(documentUrl)).status()).toBe(404);
  // Nor to another member of staff, in a session of their own, once it is deleted.
  const colleague = await anotherBrowser(browser, baseURL!);
  await signInAsStaff(colleague.page, createStaff("age-document-colleague"));
  expect((await colleague.page.request.get(documentUrl)).status()).toBe(404);
  await colleague.context.close();
  // The file itself goes by the job queued with the decision.
  await expect.poll(() => existsSync(kept)).toBe(false);

  // Verified, the order still waits for its payment: staff record it (the order's total), then dispatch.
  await staff.page.goto(`/admin/orders/${orderId}`);
  await expect(staff.page.getByText("This order waits for the age check")).toHaveCount(0);
  await staff.page.getByRole("button", { name: "Mark confirmed" }).click();
  await expect(staff.page.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);
  const dispatch = staff.page.getByRole("form", { name: "Dispatch" });
  await expect(dispatch).toContainText("Dispatch is not available yet: no payment has been recorded for this order.");
  await recordPayment(staff.page, { reference: "BACS 55120" });
  await expect(staff.page.getByRole("status")).toContainText(
    `The payment for order ${orderId} is recorded: it is now paid.`,
  );
  await dispatch.getByLabel("Courier").fill("Royal Mail");
  await dispatch.getByLabel("Tracking number").fill("AB987654321GB");
  await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
  await expect(staff.page.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);
  expect((await visitor.get(documentUrl)).status()).toBe(404);
  await visitor.dispose();
  await staff.context.close();
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText("Payment received on")).toBeVisible();
  await expect(page.getByText("Status: Dispatched")).toBeVisible();

  const result = await waitForMail(email, 15_000, /your age is confirmed/);
  expect(result.text).toContain("What we checked: Passport photo matches; born 1992");
  await page.goto("/account/age-check");
  await expect(page.getByText("Your age is confirmed: your orders are dispatched without waiting.")).toBeVisible();
  await expect(page.getByRole("button", { name: /Send/ })).toHaveCount(0);
  expect(existsSync(`${E2E_DIR}/uploads/my-passport.png`)).toBe(false);
});
