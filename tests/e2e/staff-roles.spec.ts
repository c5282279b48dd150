// Staff roles and the audit log in a browser (issue 63), on SQLite and on PostgreSQL: the shop runs as its own process
// (its first staff account, made by the command line, is its owner). The owner invites a packer, who accepts, sets up
// two-factor sign-in and dispatches a paid, age-checked order; the packer's crafted requests for a price change, the
// customers' export, a photo ID and a refund are answered 403; the owner reads all of it in the audit log with the
// packer's name, filters it and downloads it as CSV; then disables the packer, whose open session ends at once.
import { expect, test, type Page } from "@playwright/test";
import { createStaffAsync, nextStaffCode, signInAsStaff, recordPayment, type Staff } from "./support/admin";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { browserAt, ownShopOn } from "./support/own-shop";

/** A request a packer could craft from their signed-in browser (its cookies), sent from the shop's own origin. */
function crafted(page: Page, base: string, path: string, form?: Record<string, string>) {
  const headers = { Origin: base, Referer: `${base}/admin` };
  return form
    ? page.request.post(path, { form, headers, maxRedirects: 0 })
    : page.request.get(path, { headers, maxRedirects: 0 });
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`staff roles on ${database}`, () => {
    const shop = ownShopOn(database);

    test("a packer is invited, dispatches, is refused the rest, is seen in the audit log and disabled", async ({
      browser,
    }) => {
      const own = shop();
      test.setTimeout(300_000);
      // A customer orders (the WhatsApp order: staff record the payment).
      const customer = await browserAt(browser, own.base);
      const customerEmail = uniqueEmail(`roles-customer-${database}`);
      await signedUp(customer, customerEmail, { firstName: "Robin" });
      await addFlavourToCart(customer);
      await checkoutToPayment(customer);
      const orderId = await placeOrderViaWhatsApp(customer);

      // The owner (the first staff account, made by the command line) records the payment, checks the age, confirms.
      const owner = await browserAt(browser, own.base);
      await signInAsStaff(owner, await createStaffAsync(`roles-owner-${database}`, own.databaseUrl));
      await owner.goto(`/admin/orders/${orderId}`);
      const customerHref = await owner.getByRole("link", { name: "Robin Taylor" }).first().getAttribute("href");
      const customerId = customerHref!.split("/").pop()!;
      await recordPayment(owner);
      await expect(owner.getByRole("status")).toContainText(`The payment for order ${orderId} is recorded`);
      await owner.goto("/admin/age-checks");
      const check = owner.getByRole("listitem", { name: "Robin Taylor" });
      await check.getByLabel("Note (what you checked)").fill("Passport seen on a video call");
      await check.getByRole("button", { name: "Verify" }).click();
      await expect(owner.getByRole("status")).toContainText("Robin Taylor's age is verified.");
      await owner.goto(`/admin/orders/${orderId}`);
      await owner.getByRole("button", { name: "Mark confirmed" }).click();
      await expect(owner.getByRole("status")).toContainText(`Order ${orderId} is now Confirmed.`);

      // The owner invites a packer.
      const packerEmail = uniqueEmail(`roles-packer-${database}`);
      await owner.getByRole("link", { name: "Staff", exact: true }).first().click();
      await expect(owner.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
      const invite = owner.getByRole("form", { name: "Invite a member of staff" });
      await invite.getByLabel("Email").fill(packerEmail);
      await invite.getByRole("checkbox", { name: "Packer" }).check();
      await invite.getByRole("button", { name: "Send invitation" }).click();
      await expect(owner.getByRole("status")).toContainText(`Invitation sent to ${packerEmail}.`);

      // The packer accepts from the e-mail, chooses a password and sets up two-factor sign-in.
      const mail = await waitForMail(packerEmail, 30_000, /invited to join/);
      const link = mail.text.match(/https?:\/\/\S+\/staff-invitation\/\S+/)![0];
      const packer = await browserAt(browser, own.base);
      const packerAccount: Staff = { email: packerEmail, password: "packer password 123" };
      await packer.goto(new URL(link).pathname);
      await packer.getByLabel("First name").fill("Pat");
      await packer.getByLabel("Last name").fill("Packer");
      await packer.getByLabel("Password").fill(packerAccount.password);
      await packer.getByRole("button", { name: "Accept invitation" }).click();
      await expect(packer).toHaveURL(/\/account\/two-factor/);
      await packer.getByLabel("Your password").fill(packerAccount.password);
      await packer.getByRole("button", { name: "Set up" }).click();
      const key = (await packer.getByLabel("Key to type into your authenticator app").textContent())!.replace(
        /\s/g,
        "",
      );
      packerAccount.totpUri = `otpauth://totp/shop?secret=${key}`;
      await packer.getByLabel("Code from your authenticator app").fill(await nextStaffCode(packerAccount));
      await packer.getByRole("button", { name: "Turn on" }).click();
      // Two-factor set up, the invitation's way leads on into the back office.
      await expect(packer).toHaveURL(/\/admin$/);
      await expect(packer.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
      // A packer's back office: orders, not customers, prices or staff.
      const sections = packer.getByRole("navigation", { name: "Back office" });
      await expect(sections.getByRole("link", { name: "Orders" }).first()).toBeVisible();
      await expect(packer.getByRole("link", { name: "Customers", exact: true })).toHaveCount(0);
      await expect(packer.getByRole("link", { name: "Devices", exact: true })).toHaveCount(0);

      // The packer dispatches the paid, age-checked order: the address and lines are there, no refund or customer.
      await packer.goto(`/admin/orders/${orderId}`);
      await expect(packer.getByText("12 High Street").first()).toBeVisible();
      await expect(packer.getByRole("form", { name: "Refund to card" })).toHaveCount(0);
      await expect(packer.getByRole("form", { name: "Record a payment" })).toHaveCount(0);
      const dispatch = packer.getByRole("form", { name: "Dispatch" });
      await dispatch.getByLabel("Courier").fill("Royal Mail");
      await dispatch.getByLabel("Tracking number").fill("AB123456789GB");
      await dispatch.getByRole("button", { name: "Mark dispatched" }).click();
      await expect(packer.getByRole("status")).toContainText(`Order ${orderId} is now Dispatched.`);

      // The packer's crafted requests are answered 403, and nothing changes.
      const [flavour] = await own.query("select id, price_cents from flavours order by id limit 1");
      const itemPath = `/admin/flavours/${String(flavour!.id)}`;
      expect((await crafted(packer, own.base, itemPath, { intent: "save", price: "0.01" })).status()).toBe(403);
      expect((await crafted(packer, own.base, "/admin/customers.csv")).status()).toBe(403);
      expect((await crafted(packer, own.base, `/admin/age-checks/${customerId}/document`)).status()).toBe(403);
      expect(
        (
          await crafted(packer, own.base, `/admin/orders/${orderId}`, { intent: "card-refund", amount: "1.00" })
        ).status(),
      ).toBe(403);
      const [after] = await own.query("select price_cents from flavours where id = ?", [flavour!.id]);
      expect(Number(after!.price_cents)).toBe(Number(flavour!.price_cents));
      // Opened as a page, a refused page says why, inside the back office.
      await packer.goto("/admin/customers");
      await expect(packer.getByRole("heading", { level: 1, name: "You do not have access to this" })).toBeVisible();

      // The owner reads it all in the audit log, with the packer's name; filters it; downloads it.
      await owner.goto("/admin/audit-log");
      await expect(owner.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
      const log = owner.getByRole("table");
      await expect(log).toContainText("Pat Packer");
      await expect(log).toContainText("order.dispatch");
      await expect(log).toContainText("permission.refused");
      await expect(log).toContainText("staff.invite");
      const who = owner.getByLabel("Who");
      await who.selectOption((await who.locator("option", { hasText: "Pat Packer" }).getAttribute("value"))!);
      await owner.getByLabel("What").selectOption("permission.refused");
      await owner.getByRole("button", { name: "Filter" }).click();
      const refusals = owner.getByRole("table").getByRole("row");
      // The header and one row for each refusal: the price, the export, the ID document, the refund, the page.
      await expect(refusals).toHaveCount(6);
      await expect(owner.getByRole("table")).not.toContainText("order.dispatch");
      for (const path of [
        itemPath,
        "/admin/customers.csv",
        `/admin/age-checks/${customerId}/document`,
        "/admin/customers",
      ])
        await expect(owner.getByRole("table")).toContainText(path);
      const downloading = owner.waitForEvent("download");
      await owner.getByRole("link", { name: "Download CSV" }).click();
      const download = await downloading;
      const csv = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
      const lines = csv.trim().split(/\r?\n/);
      expect(lines).toHaveLength(6);
      expect(lines.slice(1).every((line) => line.includes("Pat Packer") && line.includes("permission.refused"))).toBe(
        true,
      );

      // The owner disables the packer: the packer's open session ends at once.
      await owner.goto("/admin/staff");
      const row = owner.getByRole("row").filter({ hasText: packerEmail });
      await row.getByRole("button", { name: "Disable" }).click();
      await expect(owner.getByRole("row").filter({ hasText: packerEmail })).toContainText("Disabled");
      await packer.goto(`/admin/orders/${orderId}`);
      await expect(packer.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await packer.goto("/account");
      await expect(packer).toHaveURL(/\/signin/);

      for (const page of [customer, owner, packer]) await page.context().close();
    });
  });
}
