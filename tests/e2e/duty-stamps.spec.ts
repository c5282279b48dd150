// The duty stamps' cut-off in a browser (issue 62), on SQLite and on PostgreSQL: staff record a delivery of 10 stamped
// and 5 lawful unstamped units of one strength; a shopper buys 3 (the unstamped go first); the shop is started again
// with its system clock at 1 April 2027 00:00:05 London (faketime); the page then shows only the 10 stamped units, an
// order for 11 is refused, the dashboard lists the 2 unstamped units held back, staff record their return to the
// supplier, and the period's reports list all of it with the duty carried.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { totpCode } from "../../app/testing/totp";
import { fillGoodsInLine } from "./support/goods-in";
import { createStaffAsync, signInAsStaff, type Staff } from "./support/admin";
import { signIn, signUp, uniqueEmail, waitForMail } from "./support/accounts";
import { checkoutToPayment } from "./support/checkout";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { startOwnShop, type OwnShop } from "./support/own-shop";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

// 1 April 2027 00:00:05 in London is 31 March 23:00:05 UTC (British Summer Time has begun).
const AFTER_CUTOFF_UTC = "2027-03-31 23:00:05";
const PASSWORD = "a long enough password";

async function browse(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, base);
  return context.newPage();
}

async function customer(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUp(page, email, { firstName: "Robin", password: PASSWORD });
  await expect(page.getByRole("heading", { name: "Check your e-mail" })).toBeVisible();
  const confirm = await waitForMail(email, 30_000, /confirm your e-mail/);
  await page.goto(confirm.text.match(/https?:\/\/\S+\/verify-email\?\S+/)![0]);
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  return email;
}

/**
 * Signs in on the sign-in page just opened. A page still starting its scripts may drop what was typed (the form then
 * says "Email is required"), as it would for a person typing very fast: then they type it again.
 */
async function signInOnPage(page: Page, email: string, done: ReturnType<Page["getByRole"]>) {
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await signIn(page, email, PASSWORD_OF.get(email) ?? PASSWORD);
  const dropped = page.getByText("Email is required");
  await expect(done.or(dropped)).toBeVisible();
  if (await dropped.isVisible()) await signIn(page, email, PASSWORD_OF.get(email) ?? PASSWORD);
  await expect(done).toBeVisible();
}
const PASSWORD_OF = new Map<string, string>();

/** Puts `quantity` of the flavour in the cart from its page (the cart's plus button after the first). */
async function toCart(page: Page, flavourId: string, quantity: number) {
  await page.goto(`/flavour/${flavourId}`);
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await page.waitForURL(/\/cart$/);
  for (let n = 1; n < quantity; n++) {
    await page.getByRole("button", { name: "Increase quantity" }).click();
    await expect(page.getByLabel(`Quantity ${n + 1}`, { exact: true })).toBeVisible();
  }
}

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`duty stamps on ${database}`, () => {
    test.describe.configure({ mode: "serial" });
    let shop: OwnShop;
    let pg: OwnPostgres | undefined;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (database === "postgres") pg = await startOwnPostgres();
      // "Only N left" shows from 20 units down, so the page says how many may be sold.
      shop = await startOwnShop(pg, { LOW_STOCK_THRESHOLD: "20" });
    });
    test.afterAll(async () => {
      await shop?.stop();
      pg?.destroy();
    });

    test("10 stamped and 5 unstamped received, 3 sold, then from 1 April 2027 only the stamped 10 are sold", async ({
      browser,
    }) => {
      test.setTimeout(300_000);
      // One strength of one flavour holds the stock under test: its other strengths are out of stock, so its page opens
      // on it (the first in stock).
      const [flavour] = await shop.query(
        "select f.id, f.name from flavours f where f.archived = 0 and exists (select 1 from variants v where v.item_id = f.id and v.kind = 'flavour' and v.archived = 0) order by f.slug limit 1",
      );
      const flavourId = String(flavour!.id);
      const [variant] = await shop.query(
        "select id, sku from variants where item_id = ? and kind = 'flavour' and archived = 0 order by position limit 1",
        [flavourId],
      );
      const sku = String(variant!.sku);
      await shop.query(
        "update variants set stock_quantity = 0, track_stock = 1 where item_id = ? and kind = 'flavour'",
        [flavourId],
      );
      await shop.query("update content_versions set version = version + 1");

      const staffPage = await browse(browser, shop.base);
      const staff: Staff = await createStaffAsync(`duty-${database}`, shop.databaseUrl);
      await signInAsStaff(staffPage, staff);
      await staffPage.goto("/admin/goods-in");
      await staffPage.getByRole("textbox", { name: "Supplier", exact: true }).fill("Vape Wholesale Ltd");
      const invoice = `INV-${database.toUpperCase()}-1`;
      await staffPage.getByLabel("Invoice reference").fill(invoice);
      await staffPage.getByLabel("Approval reference").fill("VPD-AB-12345");
      await fillGoodsInLine(staffPage, 1, { sku, units: "10", stamped: "Yes" });
      await fillGoodsInLine(staffPage, 2, { sku, units: "5", stamped: "No", madeBefore: "Yes" });
      await staffPage.getByRole("button", { name: "Record delivery" }).click();
      await expect(staffPage.getByRole("status")).toContainText(`Delivery ${invoice} recorded: 15 units.`);

      // A shopper buys 3: the unstamped units go first.
      const buyer = await browse(browser, shop.base);
      await customer(buyer, `duty-buyer-${database}`);
      await buyer.goto(`/flavour/${flavourId}`);
      await expect(buyer.getByText("Only 15 left").first()).toBeVisible();
      await toCart(buyer, flavourId, 3);
      await checkoutToPayment(buyer);
      const popup = buyer.waitForEvent("popup");
      await buyer.getByRole("button", { name: "Order via WhatsApp" }).click();
      await (await popup).close();
      await expect(buyer).toHaveURL(/\/success\?order=/, { timeout: 20_000 });
      const [after] = await shop.query("select stock_quantity, unstamped_units from variants where sku = ?", [sku]);
      expect({ stock: Number(after!.stock_quantity), unstamped: Number(after!.unstamped_units) }).toEqual({
        stock: 12,
        unstamped: 2,
      });

      // Another shopper puts 11 in their cart while 12 may be sold.
      const late = await browse(browser, shop.base);
      const lateEmail = await customer(late, `duty-late-${database}`);
      await toCart(late, flavourId, 11);

      // 1 April 2027, 00:00:05 in London: the shop starts again with its clock there.
      const realAtRestart = Date.now();
      await shop.restart(AFTER_CUTOFF_UTC);
      const offsetSteps = Math.round((Date.parse(`${AFTER_CUTOFF_UTC.replace(" ", "T")}Z`) - realAtRestart) / 30_000);

      await late.goto(`/flavour/${flavourId}`);
      await expect
        .poll(
          async () => {
            await late.reload();
            return late.getByText("Only 10 left").count();
          },
          { timeout: 20_000, intervals: [500] },
        )
        .toBeGreaterThan(0);
      // Their session ended with the months gone by: they sign in again and try to order the 11.
      await late.goto("/signin");
      await signInOnPage(late, lateEmail, late.getByRole("button", { name: "Sign out", exact: true }));
      // The 11 are refused: the cart now holds the 10 that may be sold, and says so; the order is for those 10.
      await late.goto("/cart");
      const capped = late.getByRole("status").filter({ hasText: "We have less in stock than your cart held" });
      await expect(capped).toContainText("Only 10 left of");
      await expect(late.getByLabel("Quantity 10", { exact: true })).toBeVisible();
      await checkoutToPayment(late);
      const lateTab = late.waitForEvent("popup");
      await late.getByRole("button", { name: "Order via WhatsApp" }).click();
      await (await lateTab).close();
      await expect(late).toHaveURL(/\/success\?order=/, { timeout: 20_000 });
      const lateOrder = new URL(late.url()).searchParams.get("order")!;
      const [lateLine] = await shop.query("select quantity from order_lines where order_id = ?", [lateOrder]);
      expect(Number(lateLine!.quantity)).toBe(10);

      // Staff: the dashboard lists the 2 unstamped units held back; they record their return to the supplier.
      // Their session may have ended with the months gone by (the clock the session's expiry is read against: the
      // shop's on SQLite, PostgreSQL's own on PostgreSQL): if so, they sign in again with their authenticator's code.
      await staffPage.goto("/admin");
      const dashboard = staffPage.getByRole("heading", { level: 1, name: "Dashboard" });
      if (!(await dashboard.isVisible())) {
        // Signed out, the back office is not found; the sign-in page leads back to it.
        await staffPage.goto("/signin?redirectTo=%2Fadmin");
        PASSWORD_OF.set(staff.email, staff.password);
        await signInOnPage(staffPage, staff.email, staffPage.getByLabel("Code from your authenticator app"));
        await staffPage
          .getByLabel("Code from your authenticator app")
          .fill(await totpCode(staff.totpUri!, offsetSteps));
        await staffPage.getByRole("button", { name: "Verify" }).click();
      }
      await expect(dashboard).toBeVisible();
      const held = staffPage.getByRole("region", { name: "Held back from sale (unstamped)" });
      await expect(held).toContainText(sku);
      await held.getByLabel("Units").fill("2");
      await held.getByLabel("Supplier's or destruction reference").fill("RMA-2027-0401");
      await held.getByRole("button", { name: "Return to supplier" }).click();
      await expect(staffPage.getByRole("status")).toContainText("2 units recorded as returned to the supplier.");

      // The period's reports: the delivery with the duty its liquid carries, and what became of the unstamped units.
      const report = async (kind: string) =>
        (await staffPage.request.get(`/admin/duty-report.csv?report=${kind}&from=2026-11-01&to=2027-04-30`)).text();
      const goods = await report("goods-in");
      expect(goods).toContain(`Vape Wholesale Ltd,VPD-AB-12345,${invoice},${sku},10,stamped`);
      expect(goods).toContain(`${invoice},${sku},5,unstamped,yes,5,0`);
      expect(goods).toMatch(/£\d+\.\d\d/); // the duty carried
      const unstamped = await report("unstamped");
      expect(unstamped).toContain(`${sku},sold,3`);
      expect(unstamped).toContain(`${sku},held back from sale at the cut-off,2`);
      expect(unstamped).toContain(`${sku},returned to the supplier,2,RMA-2027-0401`);
    });
  });
}
