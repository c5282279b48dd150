// The shop is e-mailed about each new order (issue 64, docs/decisions/084), on SQLite and on PostgreSQL: a shop of the
// journey's own with SHOP_ORDERS_EMAIL set; a customer places two orders (WhatsApp) and the orders inbox holds a
// new-order e-mail for each, with its number, its total, 'not paid yet', the age check pending and the order's link.
import { expect, test } from "@playwright/test";
import { signedUp, uniqueEmail, waitForMail } from "./support/accounts";
import { addFlavourToCart, checkoutToPayment, placeOrderViaWhatsApp } from "./support/checkout";
import { browserAt, ownShopOn } from "./support/own-shop";

const pounds = (cents: number) => `£${(cents / 100).toFixed(2)}`;

for (const database of ["sqlite", "postgres"] as const) {
  test.describe(`new-order mail on ${database}`, () => {
    const ordersInbox = uniqueEmail(`orders-inbox-${database}`);
    const shop = ownShopOn(database, { SHOP_ORDERS_EMAIL: ordersInbox });

    test("two orders are placed and the shop's inbox holds a new-order e-mail for each", async ({ browser }) => {
      const own = shop();
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
