import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { orderStepMail } from "~/modules/orders/order-status-mail";
import { orderStatusJob } from "~/modules/orders/orders.jobs";
import { paymentMessages, refundArrival } from "~/modules/orders/payments";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { recordPayment } from "./payments-admin.service.server";
import { changeOrderStep } from "./orders-admin.service.server";
import { alice, insertOrder, insertUsers, payInFull, staff } from "./testing/orders-fixture";

// The refund e-mail gave no amount ('We have refunded your payment for order …'). 'Mark refunded' now asks how much
// went back (all that was paid unless staff type less), keeps it with the payment, and the e-mail says the amount,
// how it reaches the customer by the way they paid, and when.

const mail = { shopName: "Vapour Lane" };
const at = new Date("2026-11-29T12:00:00.000Z");
/** How staff say the money went back ('Refund method', 'Refund reference'). */
const sentBy = { method: "bank-transfer", reference: "REFUND-1" };

/** The customer's refund e-mail queued for the order, as it will be sent (subject and text). */
async function refundMail(db: Db, orderId: string) {
  const job = await db
    .selectFrom("jobs")
    .select("payload")
    .where("kind", "=", "order-status")
    .where("payload", "like", `%${orderId}%`)
    .where("payload", "like", '%"refunded"%')
    .executeTakeFirstOrThrow();
  const p = orderStatusJob.payload.parse(JSON.parse(job.payload as string));
  return orderStepMail({ name: "Vapour Lane" }, `http://shop.test/account/orders/${orderId}`, {
    orderId: p.orderId,
    field: p.field,
    to: p.status,
    customerName: p.customerName,
    refund: p.refund,
  });
}

describeEachDatabase("refunds: the amount, and how it reaches the customer", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice]);
  });

  it("a full refund by bank transfer: the e-mail says the amount, the way back and when; the payment keeps it", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "delivered", totalCents: 2449 });
    await payInFull(db, id);
    const step = { orderId: id, step: "refund", from: "paid", refund: { amount: "24.49", ...sentBy } };
    expect(await changeOrderStep(db, staff, step, at, mail)).toMatchObject({ ok: true });
    const sent = await refundMail(db, id);
    expect(sent.subject).toBe(`Vapour Lane: £24.49 refunded for order ${id}`);
    expect(sent.text).toContain(
      `We have refunded £24.49 for order ${id}. We have sent it by bank transfer to the account you paid from: a transfer between UK banks usually arrives within two hours, and at the latest by the end of the next working day. If it has not reached you by then, reply to this e-mail or message us on WhatsApp with your order number.`,
    );
    expect(sent.html).toContain("We have refunded £24.49");
    expect(await paymentOf(db, id)).toMatchObject({ refundedCents: 2449, refundedAt: at.toISOString() });
  });

  it("a part refund to a card says how much of what was paid; with no amount typed, all of it", async () => {
    const { db } = testDb();
    const part = await insertOrder(db, { userId: alice.id, status: "delivered", totalCents: 1749 });
    const paid = await recordPayment(
      db,
      staff,
      part,
      { method: "card-link", reference: "LINK-1", amount: "17.49", from: "pending" },
      at,
    );
    expect(paid.ok).toBe(true);
    const step = { orderId: part, step: "refund", from: "paid", refund: { amount: "8.99", ...sentBy } };
    expect(await changeOrderStep(db, staff, step, at, mail)).toMatchObject({ ok: true });
    const text = (await refundMail(db, part)).text;
    expect(text).toContain(`We have refunded £8.99 of the £17.49 you paid for order ${part}.`);
    expect(text).toContain(refundArrival("card-link"));
    expect(refundArrival("card-link")).toContain("within 3 to 5 working days");

    const whole = await insertOrder(db, { userId: alice.id, status: "delivered", totalCents: 1100 });
    await payInFull(db, whole);
    const bare = { orderId: whole, step: "refund", from: "paid", refund: sentBy };
    expect(await changeOrderStep(db, staff, bare, at, mail)).toMatchObject({ ok: true });
    expect((await refundMail(db, whole)).text).toContain(`We have refunded £11.00 for order ${whole}.`);
  });

  it("refuses more than was paid, nothing, or words, under the amount, and changes nothing", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "delivered", totalCents: 1100 });
    await payInFull(db, id);
    for (const [typed, message] of [
      ["11.01", paymentMessages.refundTooMuch(1100, "GBP")],
      ["0", paymentMessages.refundNothing],
      ["ten pounds", paymentMessages.amountShape],
    ] as const) {
      const step = { orderId: id, step: "refund", from: "paid", refund: { amount: typed, ...sentBy } };
      expect(await changeOrderStep(db, staff, step, at, mail)).toEqual({
        ok: false,
        code: "invalid",
        message,
        fieldErrors: { amount: message },
      });
    }
    expect(paymentMessages.refundTooMuch(1100, "GBP")).toBe(
      "A refund can be at most what was paid, £11.00. Nothing was changed.",
    );
    const order = await db.selectFrom("orders").select("payment_status").where("id", "=", id).executeTakeFirst();
    expect(order?.payment_status).toBe("paid");
    expect(await paymentOf(db, id)).toMatchObject({ refundedCents: null });
    expect(
      await db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "order-status")
        .where("payload", "like", `%${id}%`)
        .where("payload", "like", '%"refunded"%')
        .execute(),
    ).toEqual([]);
  });
});
