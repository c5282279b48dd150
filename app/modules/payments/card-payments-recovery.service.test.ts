// What the shop does when the order of things goes wrong: the shopper's return before or after the webhook, and the
// shop stopping between the provider's answer and its own commit. Against the sandbox (Worldpay's API), on each
// database.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { alice, insertOrder, insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { startPaymentSandbox, type PaymentSandbox } from "../../../server/payment-sandbox/sandbox-server";
import {
  applyProviderEvent,
  noteShopperReturn,
  requestCardRefund,
  sendRefund,
  startCardPayment,
  type PaymentShop,
} from "./card-payments.service.server";
import { worldpayProvider } from "./worldpay.server";

const SECRET = "recovery-webhook-secret-012345";
const shop: PaymentShop = {
  shopName: "Vapour Lane",
  baseUrl: "http://shop.test",
  checkSeconds: 300,
  pendingMinutes: 60,
};

describeEachDatabase("card payments put right", (testDb) => {
  let sandbox: PaymentSandbox;
  beforeAll(async () => {
    await insertUsers(testDb().db, [alice, staff]);
    // No webhook address: the sandbox's events are not delivered; each test hands them over itself, or not.
    sandbox = await startPaymentSandbox({ port: 0, webhookSecret: SECRET });
  });
  afterAll(() => sandbox.close());

  const provider = () =>
    worldpayProvider({
      baseUrl: sandbox.url,
      username: "sandbox",
      password: "sandbox",
      entity: "default",
      webhookSecret: SECRET,
      timeoutMs: 2_000,
      test: true,
    });
  const approve = (reference: string) =>
    fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(reference)}/outcome`, {
      method: "POST",
      body: JSON.stringify({ outcome: "approve" }),
    });
  const payments = (db: Db, orderId: string) =>
    db.selectFrom("order_payments").selectAll().where("order_id", "=", orderId).execute();
  async function paidAtSandbox(db: Db) {
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider(), shop, { orderId, customerId: alice.id });
    if (!started.ok) throw new Error(started.message);
    expect((await approve(started.reference)).status).toBe(200);
    return { orderId, reference: started.reference };
  }
  const captured = (reference: string) => ({
    eventId: `wh-${reference}`,
    reference,
    kind: "captured" as const,
    type: "sentForSettlement",
    amountCents: 1100,
    currency: "GBP",
    refundReference: null,
  });

  it("one payment whether the shopper comes back before the webhook or after it", async () => {
    const { db } = testDb();
    // Back first: the shop asks the sandbox, which says taken; the webhook then changes nothing more.
    const first = await paidAtSandbox(db);
    expect(
      await noteShopperReturn(db, provider(), shop, { reference: first.reference, customerId: alice.id }),
    ).toMatchObject({
      ok: true,
      state: "captured",
    });
    expect(await applyProviderEvent(db, provider(), shop, captured(first.reference), "webhook")).toBe("applied");
    expect(await payments(db, first.orderId)).toHaveLength(1);
    // The webhook first: the return finds it paid.
    const second = await paidAtSandbox(db);
    expect(await applyProviderEvent(db, provider(), shop, captured(second.reference), "webhook")).toBe("applied");
    expect(
      await noteShopperReturn(db, provider(), shop, { reference: second.reference, customerId: alice.id }),
    ).toMatchObject({
      ok: true,
      state: "captured",
    });
    expect(await payments(db, second.orderId)).toHaveLength(1);
    // Someone else's return address for it: not found, nothing asked.
    expect(
      await noteShopperReturn(db, provider(), shop, { reference: second.reference, customerId: staff.id }),
    ).toMatchObject({
      ok: false,
      code: "not-found",
    });
  });

  it("a refund the provider took just before the shop stopped is not sent twice when the job runs again", async () => {
    const { db } = testDb();
    const { orderId, reference } = await paidAtSandbox(db);
    await noteShopperReturn(db, provider(), shop, { reference, customerId: alice.id });
    const asked = await requestCardRefund(db, {
      orderId,
      amount: "3.00",
      reason: "A damaged pack",
      idempotencyKey: `stop-${orderId}`,
      actor: { kind: "staff", id: staff.id, name: staff.name },
    });
    if (!asked.ok) throw new Error(asked.message);
    const refund = await db
      .selectFrom("refunds")
      .selectAll()
      .where("id", "=", asked.refundId)
      .executeTakeFirstOrThrow();
    // The provider takes the refund; the shop stops before it writes so (its row still says requested).
    const status = await provider().status(reference);
    if (!status.found || !status.links.partialRefund) throw new Error("no refund link");
    await provider().refund(status.links.partialRefund, {
      amountCents: 300,
      currency: "GBP",
      reference: refund.reference,
      idempotencyKey: refund.idempotency_key,
    });
    // Started again, the job sends it with the same key: the provider answers as before, and nothing more goes.
    expect(await sendRefund(db, provider(), shop, asked.refundId)).toBe("sent");
    const held = (await (await fetch(`${sandbox.url}/sandbox/payments/${encodeURIComponent(reference)}`)).json()) as {
      refunds: unknown[];
    };
    expect(held.refunds).toEqual([{ amount: 300, reference: refund.reference }]);
  });
});
