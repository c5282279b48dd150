// Answering contact messages in the shop (issue 64, docs/decisions/085), on SQLite and on PostgreSQL, each on a shop
// of its own: a signed-in customer finds their name and e-mail filled in on Contact and sends a message; a visitor
// after them finds the form empty (the page is the same cached HTML for everyone); staff reply from /admin/messages;
// the reply is shown with the message and reaches the customer's inbox.
import { expect, test, type Page } from "@playwright/test";
import { createStaffAsync, signInAsStaff } from "./support/admin";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { browserAt, ownShopOn } from "./support/own-shop";

/** Opens Contact and waits until the page has asked who is here (the fields are filled in after that). */
async function openContact(page: Page) {
  const asked = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/me"));
  await page.goto("/contactus");
  await asked;
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`message replies on ${database}`, () => {
    const shop = ownShopOn(database);

    test("a signed-in customer's message, filled in for them, is answered from the back office", async ({
      browser,
    }) => {
      const own = shop();
      test.setTimeout(120_000);
      const customer = await browserAt(browser, own.base);
      const email = uniqueEmail(`replies-${database}`);
      await signedUp(customer, email, { firstName: "Robin" });

      // Contact, filled in with the account's name and e-mail (still editable).
      await openContact(customer);
      await expect(customer.getByLabel("First Name")).toHaveValue("Robin");
      await expect(customer.getByLabel("Last Name")).toHaveValue("Taylor");
      await expect(customer.getByLabel("Email")).toHaveValue(email);
      await customer.getByRole("radio", { name: "Support" }).check();
      await customer.getByLabel("Message").fill("My pods arrived cracked. Can you send another box?");
      await customer.getByRole("button", { name: "Send Message" }).click();
      await expect(customer.getByRole("alert").filter({ hasText: "Message sent successfully!" })).toBeVisible();

      // The page itself is nobody's: stored for everyone, without the customer in it; a visitor's form stays empty.
      const page = await customer.request.get("/contactus");
      expect(page.headers()["cache-control"]).toContain("public");
      expect(await page.text()).not.toContain(email);
      const visitor = await browserAt(browser, own.base);
      await openContact(visitor);
      await expect(visitor.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
      await expect(visitor.getByLabel("First Name")).toHaveValue("");
      await expect(visitor.getByLabel("Email")).toHaveValue("");
      await visitor.context().close();

      // Staff open the message from the inbox and reply.
      const staff = await browserAt(browser, own.base);
      await signInAsStaff(staff, await createStaffAsync(`replies-staff-${database}`, own.databaseUrl));
      await staff.goto("/admin/messages");
      await staff.getByRole("link", { name: "Open and reply to Robin Taylor" }).click();
      await expect(staff.getByRole("heading", { level: 1, name: "Support from Robin Taylor" })).toBeVisible();
      await expect(staff.getByText("No reply sent from the shop yet.")).toBeVisible();
      // An empty reply: the message under the field, nothing sent.
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByLabel("Your reply")).toHaveAccessibleDescription("Write your reply");
      const reply = "Sorry about that, Robin: a new box is on its way today.";
      await staff.getByLabel("Your reply").fill(reply);
      await staff.getByRole("button", { name: "Send reply" }).click();
      await expect(staff.getByRole("status")).toHaveText("Reply sent.");
      const shown = staff.getByRole("listitem").filter({ hasText: reply });
      await expect(shown).toContainText("Sam Staff replied");
      await expect(staff.getByLabel("Your reply")).toHaveValue("");
      await expect(staff.getByText(/^Handled by Sam Staff/)).toBeVisible();

      // The customer's inbox: the reply, from the shop, quoting their message.
      const mail = await waitForMail(email, 15_000, /^Re: Support/);
      expect(mail.text).toContain(reply);
      expect(mail.text).toContain("> My pods arrived cracked. Can you send another box?");

      // The inbox says it was answered.
      await staff.goto("/admin/messages?status=handled");
      await expect(staff.getByRole("row", { name: /Robin Taylor/ })).toContainText("1 reply sent");
    });
  });
}
