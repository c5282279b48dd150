// The shop is e-mailed about each new order (issue 64, docs/decisions/084), on SQLite and on PostgreSQL: a shop of the
// journey's own with SHOP_ORDERS_EMAIL set; a customer places two orders (WhatsApp) and the orders inbox holds a
// new-order e-mail for each, with its number, its total, 'not paid yet', the age check pending and the order's link.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { startOwnPostgres, type OwnPostgres } from "./support/own-postgres";
import { startOwnShop, type OwnShop } from "./support/own-shop";
import { confirmAgeByCookie, ownClientAddress } from "./support/shop";

async function browserAt(browser: Browser, base: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, extraHTTPHeaders: ownClientAddress() });
  await confirmAgeByCookie(context, base);
  return context.newPage();
}

const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`new-order mail on ${database}`, () => {
    let own: OwnShop;
    let pg: OwnPostgres | undefined;
    const ordersInbox = uniqueEmail(`orders-inbox-${database}`);

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      if (database === "postgres") pg = await startOwnPostgres();
      own = await startOwnShop(pg, { SHOP_ORDERS_EMAIL: ordersInbox });
    });
    test.afterAll(async () => {
      await own?.stop();
      pg?.destroy();
    });

    test("two orders are placed and the shop's inbox holds a new-order e-mail for each", async ({ browser }) => {
      test.setTimeout(120_000);
      const customer = await browserAt(browser, own.base);
      await signedUp(customer, uniqueEmail(`new-order-${database}`), { firstName: "Robin" });

      const orderIds: string[] = [];
      for (const nth of [0, 1]) {
        await addFlavourToCart(customer, "hayati-rubik-7000", nth);
        await checkoutToPayment(customer);
        orderIds.push(await placeOrderViaWhatsApp(customer));
      }
      expect(new Set(orderIds).size).toBe(2);

      for (const orderId of orderIds) {
        const [row] = await own.query("select total_cents from orders where id = ?", [orderId]);
        const total = pounds(Number(row!.total_cents));
        const mail = await waitForMail(ordersInbox, 30_000, new RegExp(`^New order ${orderId} `));
        expect(mail.subject).toBe(`New order ${orderId} · ${total}`);
        expect(mail.text).toContain(`Total: ${total}`);
        expect(mail.text).toContain("Payment: Not paid yet: WhatsApp order, payment to be recorded");
        expect(mail.text).toContain("Age check: Age check pending");
        expect(mail.text).toContain("Customer: Robin Taylor, delivering to Leeds");
        expect(mail.text).toContain(`${own.base}/admin/orders/${orderId}`);
      }
    });
  });
}
