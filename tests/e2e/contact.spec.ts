import { expect, test, type Page } from "@playwright/test";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

test.beforeEach(async ({ context, baseURL }) => {
  await confirmAgeByCookie(context, baseURL!);
  await context.setExtraHTTPHeaders(ownClientAddress());
});

let senders = 0;
async function fillValidMessage(page: Page, message = "Do you sell Hayati Pro Max pods in boxes of ten?") {
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Last Name").fill("Okafor");
  // One address per message: the form also limits messages about one e-mail address (three an hour).
  await page.getByLabel("Email").fill(`sam.okafor+${++senders}@example.com`);
  await page.getByLabel("Phone Number").fill("07700 900789");
  await page.getByRole("radio", { name: "Support" }).check();
  await page.getByLabel("Message").fill(message);
}

test("the contact page shows the shop's details and the form", async ({ page }) => {
  await page.goto("/contactus");
  await expect(page.getByRole("heading", { level: 1, name: "Get in Touch" })).toBeVisible();
  const info = page.getByRole("complementary", { name: "Contact information" });
  await expect(info).toContainText("+44 7700 900123");
  await expect(info).toContainText("hello@vapourlane.example");
  await expect(info).toContainText("Manchester");
  for (const subject of ["General Inquiry", "Support", "Feedback"])
    await expect(page.getByRole("radio", { name: subject })).toBeVisible();
  await expect(page.getByRole("radio", { name: "General Inquiry" })).toBeChecked();
});

test("a visitor sends a message and sees the toast; the form is cleared", async ({ page }) => {
  await page.goto("/contactus");
  await fillValidMessage(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  const toast = page.getByRole("alert").filter({ hasText: "Message sent successfully!" });
  await expect(toast).toBeVisible();
  // The contact page's toasts close after 3 seconds (5 elsewhere).
  await expect(toast.locator(".Toastify__progress-bar")).toHaveCSS("animation-duration", "3s");
  await expect(page.getByLabel("First Name")).toHaveValue("");
  await expect(page.getByLabel("Message")).toHaveValue("");
  await expect(page.getByRole("radio", { name: "General Inquiry" })).toBeChecked();
  await expect(toast).toBeHidden({ timeout: 6000 });
});

test("each rule shows its message under its field and nothing is sent", async ({ page }) => {
  let posted = 0;
  page.on("request", (request) => {
    if (request.method() === "POST") posted++;
  });
  await page.goto("/contactus");
  await page.getByRole("button", { name: "Send Message" }).click();
  for (const [label, message] of [
    ["First Name", "First name is required"],
    ["Email", "Email is required"],
    ["Message", "Message is required"],
  ] as const) {
    const field = page.getByLabel(label);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(message);
  }
  // The phone number is optional: no error under it.
  await expect(page.getByLabel("Phone Number")).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("First Name")).toBeFocused();
  await page.getByLabel("Email").fill("sam at example.com");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email");
  expect(posted).toBe(0);
});

test("the server checks again, and without JavaScript the page answers itself", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, baseURL!);
  const page = await context.newPage();
  await page.goto("/contactus");
  await page.getByLabel("First Name").fill("Sam");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Message").fill("Hello <b>there</b>");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Invalid email");
  await page.getByLabel("Phone Number").fill("call me");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByLabel("Phone Number")).toHaveAccessibleDescription("Enter a phone number using digits");
  // What was typed is kept, shown as text.
  await expect(page.getByLabel("First Name")).toHaveValue("Sam");
  await expect(page.getByLabel("Message")).toHaveValue("Hello <b>there</b>");
  await fillValidMessage(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status")).toHaveText("Message sent successfully!");
  await context.close();
});

test("a failed send says so and keeps what was typed", async ({ page }) => {
  await page.route("**/api/contact", (route) => route.abort("failed"));
  await page.goto("/contactus");
  await fillValidMessage(page, "Please keep this text.");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to send message." }).first()).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Please keep this text.");
  await expect(page.getByLabel("First Name")).toHaveValue("Sam");
});

test("a sixth message within the hour is refused with a clear message, keeping the text", async ({ page }) => {
  await page.goto("/contactus");
  for (let i = 1; i <= 5; i++) {
    await fillValidMessage(page, `Message number ${i}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByLabel("Message")).toHaveValue("");
  }
  await fillValidMessage(page, "Message number 6");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: /sent several messages in a short time/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue("Message number 6");
});
