import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createShopServices, type ShopServices } from "~/context.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { loadConfig } from "~/lib/config.server";
import { createLogger } from "~/lib/log.server";
import { alice, insertOrder, insertUsers } from "~/modules/admin/orders/testing/orders-fixture";
import { startCardPayment } from "~/modules/payments/card-payments.service.server";
import { cardProviderFor, paymentShop } from "~/modules/payments/providers.server";
import { signWorldpayEvent } from "~/modules/payments/worldpay-signature.server";
import { paymentWebhook } from "./payment-webhook";

const SECRET = "a-webhook-secret-of-enough-length";
const log = createLogger("silent");

/** Worldpay's documented event (docs.worldpay.com, Events: sentForSettlement), for one of the shop's attempts. */
const worldpayEvent = (reference: string, type: string, eventId: string, amount = 1100) =>
  JSON.stringify({
    eventId,
    eventTimestamp: "2026-11-29T10:00:13.407",
    eventDetails: {
      classification: "payment",
      downstreamReference: "3378792436",
      transactionReference: reference,
      type,
      date: "2026-11-29",
      reference: "12345",
      amount: { value: amount, currencyCode: "GBP" },
      _links: { payment: { href: "" } },
    },
  });

describeEachDatabase("POST /webhooks/payments/worldpay", (testDb) => {
  let base = "";
  let close = async () => {};
  let services: ShopServices;

  beforeAll(async () => {
    const { db } = testDb();
    await insertUsers(db, [alice]);
    const config = loadConfig({
      PAYMENT_PROVIDER: "sandbox",
      PAYMENT_WEBHOOK_SECRET: SECRET,
      SHOP_NAME: "Vapour Lane",
    });
    services = await createShopServices(config, db, log);
    const app = express();
    app.post("/webhooks/payments/worldpay", ...paymentWebhook(services));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => new Promise((resolve) => server.close(() => resolve()));
  });
  afterAll(() => close());

  /** An attempt for a new order, as Pay by card makes it (its page set up at a stand-in provider). */
  async function attempt(): Promise<{ orderId: string; reference: string }> {
    const { db } = testDb();
    const orderId = await insertOrder(db, { userId: alice.id });
    const provider = {
      ...cardProviderFor(services.config)!,
      createHostedPage: async () => ({ url: "https://pay.test/x" }),
    };
    const started = await startCardPayment(db, provider, paymentShop(services.config), {
      orderId,
      customerId: alice.id,
    });
    if (!started.ok) throw new Error(started.message);
    return { orderId, reference: started.reference };
  }
  const post = (body: string, signature?: string) =>
    fetch(`${base}/webhooks/payments/worldpay`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature && { "Event-Signature": signature }) },
      body,
    });
  const paymentStatus = async (orderId: string) =>
    (
      await testDb()
        .db.selectFrom("orders")
        .select("payment_status")
        .where("id", "=", orderId)
        .executeTakeFirstOrThrow()
    ).payment_status;

  it("refuses a missing or wrong signature with 400 and reads nothing", async () => {
    const { orderId, reference } = await attempt();
    const body = worldpayEvent(reference, "sentForSettlement", "ev-bad");
    expect((await post(body)).status).toBe(400);
    expect((await post(body, signWorldpayEvent(body, "another-secret-of-some-length"))).status).toBe(400);
    // Signed right, then one byte changed: refused too.
    expect((await post(body.replace("1100", "1101"), signWorldpayEvent(body, SECRET))).status).toBe(400);
    expect((await post(body, "1/SHA1/abcdef")).status).toBe(400);
    expect(await paymentStatus(orderId)).toBe("pending");
    expect(
      await testDb().db.selectFrom("payment_events").selectAll().where("reference", "=", reference).execute(),
    ).toEqual([]);
  });

  it("applies a verified event once (200 each time) and acknowledges what it does not act on", async () => {
    const { orderId, reference } = await attempt();
    const body = worldpayEvent(reference, "sentForSettlement", `ev-${reference}`);
    const first = await post(body, signWorldpayEvent(body, SECRET));
    expect([first.status, await first.text()]).toEqual([200, "applied\n"]);
    const again = await post(body, `2/SHA256/${"0".repeat(64)},${signWorldpayEvent(body, SECRET)}`);
    expect([again.status, await again.text()]).toEqual([200, "duplicate\n"]);
    expect(await paymentStatus(orderId)).toBe("paid");
    const unknown = worldpayEvent("NOT-OURS-1", "sentForSettlement", "ev-unknown");
    const ignored = await post(unknown, signWorldpayEvent(unknown, SECRET));
    expect([ignored.status, await ignored.text()]).toEqual([200, "ignored: unknown reference\n"]);
    const payout = JSON.stringify({ eventId: "p1", eventDetails: { classification: "payout", type: "x" } });
    expect((await post(payout, signWorldpayEvent(payout, SECRET))).status).toBe(200);
  });

  it("never marks paid an event for another amount", async () => {
    const { orderId, reference } = await attempt();
    const body = worldpayEvent(reference, "sentForSettlement", `ev-amount-${reference}`, 1);
    const answer = await post(body, signWorldpayEvent(body, SECRET));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toMatch(/^ignored: amount 1 GBP/);
    expect(await paymentStatus(orderId)).toBe("pending");
  });
});

it("answers 404 when card payments are not switched on", async () => {
  const app = express();
  const services = { config: loadConfig({}), log } as unknown as ShopServices;
  app.post("/webhooks/payments/worldpay", ...paymentWebhook(services));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/payments/worldpay`;
    expect((await fetch(url, { method: "POST", body: "{}" })).status).toBe(404);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
