// The shop is e-mailed about each new order (issue 64, docs/decisions/084): a job written in the order's own
// transaction (rolled back with it), sent by the worker to SHOP_ORDERS_EMAIL with the lines, the total, whether it is
// paid and whether the age check is pending, as they stand when it is sent.
import { ukAddress } from "~/modules/checkout/testing/address-fixture";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { firstSizeInStock } from "~/db/testing/variant-stock";
import { inTransaction } from "~/db/transaction.server";
import { loadConfig, shopOrdersEmail, taxRule } from "~/lib/config.server";
import { fail } from "~/lib/result";
import { createLogger } from "~/lib/log.server";
import { createMailer, type Mailer } from "~/lib/mailer.server";
import { formatMoney } from "~/lib/money";
import { createShopJobWorker } from "~/context.server";
import { newOrderFacts } from "~/modules/admin/orders/new-order-facts.server";
import { alice, bob, insertUsers, payInFull, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { paymentShop, testProvider } from "~/modules/admin/orders/testing/card-payment-fixture";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { addToCart } from "~/modules/cart/cart.service.server";
import { newOrderText, paymentLine } from "~/modules/orders/new-order-mail";
import { startCardPayment } from "~/modules/payments/card-payments.service.server";
import { mailParts, startSmtpSink } from "~/testing/smtp-sink";
import { addAddress } from "./addresses.service.server";
import { chooseShipping } from "./checkout.service.server";
import { placeOrder } from "./place-order.service.server";

const log = createLogger("silent");
const ORDERS_INBOX = "orders@vapourlane.example";
const shopNotice = { to: ORDERS_INBOX, shopName: "Vapour Lane" };
const uk = loadConfig({});

/** Fills `userId`'s cart with two of one flavour and chooses an address and Express Shipping. */
async function readyToOrder(db: Db, userId: string, quantity = 2) {
  const flavour = await db
    .selectFrom("flavours")
    .select(["id", "sizes"])
    .where(firstSizeInStock())
    .orderBy("slug")
    .executeTakeFirstOrThrow();
  const line = {
    kind: "flavour" as const,
    itemId: flavour.id,
    flavour: "",
    nicotineStrength: JSON.parse(flavour.sizes)[0],
    puffCount: null,
    quantity,
  };
  expect(await addToCart(db, userId, line)).toEqual({ ok: true });
  await addAddress(db, userId, ukAddress({ town: "Leeds" }));
  expect(await chooseShipping(db, userId, "express", null)).toEqual({ ok: true });
}

const newOrderJobs = (db: Db) =>
  db.selectFrom("jobs").select(["recipient", "subject", "payload"]).where("kind", "=", "new-order-mail").execute();

describe("SHOP_ORDERS_EMAIL", () => {
  it("defaults to STAFF_EMAIL, which defaults to the shop's e-mail; set, it is used", () => {
    expect(shopOrdersEmail(loadConfig({ SHOP_EMAIL: "hello@shop.example" }))).toBe("hello@shop.example");
    expect(shopOrdersEmail(loadConfig({ SHOP_EMAIL: "hello@shop.example", STAFF_EMAIL: "staff@shop.example" }))).toBe(
      "staff@shop.example",
    );
    const set = loadConfig({ STAFF_EMAIL: "staff@shop.example", SHOP_ORDERS_EMAIL: "orders@shop.example" });
    expect(shopOrdersEmail(set)).toBe("orders@shop.example");
    expect(() => loadConfig({ SHOP_ORDERS_EMAIL: "not an address" })).toThrow(/SHOP_ORDERS_EMAIL/);
  });
});

describe("the new-order e-mail's payment line", () => {
  it("says how it was paid, or what it waits for", () => {
    expect(paymentLine({ state: "paid", method: "card-online" })).toBe("Paid by card");
    expect(paymentLine({ state: "paid", method: "bank-transfer" })).toBe("Paid by bank transfer");
    expect(paymentLine({ state: "card-confirming" })).toBe("Card payment being confirmed");
    expect(paymentLine({ state: "unpaid" })).toBe("Not paid yet: WhatsApp order, payment to be recorded");
  });
});

describeEachDatabase(
  "the shop's e-mail about a new order",
  (testDb) => {
    let sink: Awaited<ReturnType<typeof startSmtpSink>>;
    let mailer: Mailer;
    beforeAll(async () => {
      sink = await startSmtpSink();
      mailer = createMailer({ smtpUrl: sink.url, from: "Shop <shop@example.com>", log });
      await insertUsers(testDb().db, [staff, alice, bob]);
    });
    afterAll(async () => {
      mailer.close();
      await sink.close();
    });

    it("is queued once, in the order's own transaction: an order rolled back leaves no job", async () => {
      const { db } = testDb();
      await readyToOrder(db, bob.id);
      const before = (await newOrderJobs(db)).length;
      // The order is placed inside a transaction that then rolls back: its job was there, and goes with it.
      const rolledBack = await inTransaction(db, async (trx) => {
        const placed = await placeOrder(trx, bob.id, "key-rollback-aaaaaaaaaa", taxRule(uk), { shopNotice });
        expect(placed.ok).toBe(true);
        expect((await newOrderJobs(trx)).length).toBe(before + 1);
        return fail("invalid", "rolled back on purpose");
      });
      expect(rolledBack.ok).toBe(false);
      expect((await newOrderJobs(db)).length).toBe(before);
      expect(await db.selectFrom("orders").select("id").where("user_id", "=", bob.id).execute()).toEqual([]);

      // Placed for real: exactly one job, to the orders inbox, named by the order's number and total; a retry with the
      // same key (a double click) queues no second one.
      const placed = await placeOrder(db, bob.id, "key-rollback-aaaaaaaaaa", taxRule(uk), { shopNotice });
      if (!placed.ok) throw new Error(placed.message);
      const again = await placeOrder(db, bob.id, "key-rollback-aaaaaaaaaa", taxRule(uk), { shopNotice });
      expect(again).toMatchObject({ ok: true, created: false });
      const { order } = placed;
      const jobs = (await newOrderJobs(db)).filter((j) => j.payload.includes(order.id));
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({
        recipient: ORDERS_INBOX,
        subject: `New order ${order.id} · ${formatMoney(order.totalCents, "GBP")}`,
      });
      expect(JSON.parse(jobs[0]!.payload)).toEqual({
        ...shopNotice,
        orderId: order.id,
        totalCents: order.totalCents,
        currency: "GBP",
      });
    });

    it("is sent by the worker with the lines, shipping, total, not paid yet, the age check pending and the link", async () => {
      const { db } = testDb();
      await readyToOrder(db, alice.id);
      const placed = await placeOrder(db, alice.id, "key-new-order-mail-aaaa", taxRule(uk), { shopNotice });
      if (!placed.ok) throw new Error(placed.message);
      const { order } = placed;
      const config = loadConfig({ APP_URL: "https://shop.example" });
      await createShopJobWorker({ db, mailer, log, config }, { pollMs: 20 }).runOnce();
      await sink.waitFor(1);
      const mail = sink.received.find((m) => m.to.includes(ORDERS_INBOX) && m.raw.includes(order.id));
      expect(mail).toBeDefined();
      const { text, html } = mailParts(mail!);
      const pounds = (cents: number) => formatMoney(cents, "GBP");
      const line = order.lines[0]!;
      expect(text).toContain(`New order ${order.id}`);
      expect(text).toContain(`2 × ${line.name} (`);
      expect(text).toContain(`${line.nicotineStrength}mg`);
      expect(text).toContain(pounds(line.lineTotalCents));
      expect(text).toContain(`Express Shipping: ${pounds(order.shipping.costCents)}`);
      expect(text).toContain(`Total: ${pounds(order.totalCents)}`);
      expect(text).toContain("Payment: Not paid yet: WhatsApp order, payment to be recorded");
      expect(text).toContain("Age check: Age check pending");
      expect(text).toContain(`Customer: ${alice.name}, delivering to Leeds`);
      expect(text).toContain(`https://shop.example/admin/orders/${order.id}`);
      // No more of the customer than staff see on the order page: no phone, no street, no e-mail address.
      expect(text).not.toContain(order.address.phone);
      expect(text).not.toContain(order.address.line1);
      expect(text).not.toContain(alice.email);
      expect(html).toContain("Age check pending");
      expect(html).toContain(pounds(order.totalCents));
      expect(html).toContain(`https://shop.example/admin/orders/${order.id}`);
      const subject = mail!.raw.match(/^Subject: (.*)$/m)?.[1] ?? "";
      expect(subject).toContain(order.id);
    });

    it("stays queued while the mail server fails, and is sent by a later try", async () => {
      const { db } = testDb();
      await readyToOrder(db, bob.id, 1);
      const placed = await placeOrder(db, bob.id, "key-new-order-retry-aaa", taxRule(uk), { shopNotice });
      if (!placed.ok) throw new Error(placed.message);
      const ours = async () =>
        (
          await db
            .selectFrom("jobs")
            .select(["id", "status", "attempts", "last_error", "payload"])
            .where("kind", "=", "new-order-mail")
            .execute()
        ).find((j) => j.payload.includes(placed.order.id))!;
      const config = loadConfig({ APP_URL: "https://shop.example" });
      // Nothing listens on port 1: the connection is refused, as a mail server that is down refuses it.
      const down = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "Shop <shop@example.com>", log });
      try {
        await createShopJobWorker({ db, mailer: down, log, config }, { pollMs: 20 }).runOnce();
      } finally {
        down.close();
      }
      expect(await ours()).toMatchObject({ status: "queued", attempts: 1 });
      expect((await ours()).last_error).toBeTruthy();
      // The retry is due later: a worker at that time sends it.
      const later = () => new Date(Date.now() + 2 * 3_600_000);
      await createShopJobWorker({ db, mailer, log, config }, { pollMs: 20, now: later }).runOnce();
      expect(await ours()).toMatchObject({ status: "done", attempts: 2 });
      expect(sink.received.some((m) => m.to.includes(ORDERS_INBOX) && m.raw.includes(placed.order.id))).toBe(true);
    });

    it("says what the order's money and the age check are doing when it is sent", async () => {
      const { db } = testDb();
      await readyToOrder(db, alice.id, 1);
      const placed = await placeOrder(db, alice.id, "key-new-order-card-aaaa", taxRule(uk), { shopNotice });
      if (!placed.ok) throw new Error(placed.message);
      const { order } = placed;
      const facts = () => newOrderFacts(db, order.id, "https://shop.example");
      expect((await facts())?.payment).toEqual({ state: "unpaid" });
      expect((await facts())?.ageCheck).toBe("pending");
      // The shopper went on to pay by card: the provider has not said yet.
      const started = await startCardPayment(db, testProvider, paymentShop, {
        orderId: order.id,
        customerId: alice.id,
      });
      expect(started.ok).toBe(true);
      expect(newOrderText((await facts())!)).toContain("Payment: Card payment being confirmed");
      // Staff verified the age and recorded the payment before the e-mail went.
      await decideAgeCheck(db, staff, { shopName: "Vapour Lane", baseUrl: "http://shop.test" }, alice.id, {
        decision: "verify",
        note: "Passport seen",
      });
      await payInFull(db, order.id);
      const text = newOrderText((await facts())!);
      expect(text).toContain("Payment: Paid by bank transfer");
      expect(text).toContain("Age check: Age verified");
      expect(await newOrderFacts(db, "ZZZZ9999", "https://shop.example")).toBeNull();
    });
  },
  { seed: true },
);
