import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import type { JobKindName } from "~/db/values";
import { describeEachDatabase } from "~/db/testing/test-database";
import { inTransaction } from "~/db/transaction.server";
import { alice, bob, insertOrder, insertUsers, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { transitionOrder } from "~/modules/orders/order-lifecycle.service.server";
import { cancelUnpaidOrder } from "~/modules/orders/payments.service.server";
import {
  applyProviderEvent,
  checkAttempt,
  refundCancelledOrder,
  requestCardRefund,
  sendRefund,
  settleAttempt,
  startCardPayment,
  type PaymentShop,
} from "./card-payments.service.server";
import {
  ProviderRefused,
  ProviderUnavailable,
  type CardPaymentProvider,
  type ProviderEvent,
  type ProviderStatus,
} from "./payment-provider.server";

const now = new Date("2026-11-29T10:00:00.000Z");
const shop: PaymentShop = {
  shopName: "Vapour Lane",
  baseUrl: "http://shop.test",
  checkSeconds: 300,
  pendingMinutes: 60,
};
const asStaff = { kind: "staff", id: staff.id, name: staff.name } as const;

/** A provider as the tests need it: the status it reports and the commands it was sent, each with its key. */
function fakeProvider() {
  const calls: { what: string; key?: string; amount?: number }[] = [];
  const state = {
    status: { found: false } as ProviderStatus,
    down: 0,
    refuse: false,
    pageDown: false,
  };
  const provider: CardPaymentProvider = {
    name: "worldpay",
    test: true,
    async createHostedPage(request) {
      if (state.pageDown) throw new ProviderUnavailable("down");
      calls.push({ what: "page", amount: request.amountCents });
      return { url: `https://pay.test/hpp/${request.reference}` };
    },
    async status() {
      if (state.down > 0) {
        state.down--;
        throw new ProviderUnavailable("timed out");
      }
      return state.status;
    },
    async settle(_link, key) {
      calls.push({ what: "settle", key });
    },
    async cancel(_link, key) {
      calls.push({ what: "cancel", key });
    },
    async refund(_link, request) {
      if (state.refuse) throw new ProviderRefused("refused", "refundAmountExceeded");
      calls.push({ what: "refund", key: request.idempotencyKey, amount: request.amountCents });
    },
    verifyWebhook: () => true,
    readWebhook: () => null,
  };
  return { provider, calls, state };
}

const event = (reference: string, kind: ProviderEvent["kind"], extra: Partial<ProviderEvent> = {}): ProviderEvent => ({
  eventId: `${reference}-${kind}`,
  reference,
  kind,
  type: kind,
  amountCents: 1100,
  currency: "GBP",
  refundReference: null,
  ...extra,
});

const orderRow = (db: Db, id: string) =>
  db.selectFrom("orders").select(["status", "payment_status"]).where("id", "=", id).executeTakeFirstOrThrow();
const jobsOf = (db: Db, kind: JobKindName, text: string) =>
  db
    .selectFrom("jobs")
    .select(["kind", "payload"])
    .where("kind", "=", kind)
    .where("payload", "like", `%${text}%`)
    .execute();
const attemptOf = (db: Db, reference: string) =>
  db.selectFrom("payment_attempts").selectAll().where("reference", "=", reference).executeTakeFirstOrThrow();
const refundsOf = (db: Db, orderId: string) =>
  db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();

/** A card attempt on the customer's order, as Pay by card starts it (set-up that fails says so). */
async function attemptFor(db: Db, provider: CardPaymentProvider, orderId: string) {
  const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
  if (!started.ok) throw new Error(started.message);
  return started;
}

describeEachDatabase("card payments", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice, bob]);
  });

  async function paidByCard(db: Db, provider: CardPaymentProvider) {
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    expect(await applyProviderEvent(db, provider, shop, event(started.reference, "captured"), "webhook", now)).toBe(
      "applied",
    );
    return { orderId, reference: started.reference };
  }

  it("starts an attempt on the customer's own unpaid order, with a check queued, and refuses the rest", async () => {
    const { db } = testDb();
    const { provider, state } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    expect(started).toMatchObject({ ok: true, url: `https://pay.test/hpp/${orderId}-1`, reference: `${orderId}-1` });
    const attempt = await attemptOf(db, `${orderId}-1`);
    expect(attempt).toMatchObject({ state: "created", amount_cents: 1100, currency: "GBP", test: 1 });
    expect(attempt.hosted_url).toBe(`https://pay.test/hpp/${orderId}-1`);
    expect(await jobsOf(db, "payment-check", attempt.id)).toHaveLength(1);

    expect(await startCardPayment(db, provider, shop, { orderId, customerId: bob.id, now })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    state.pageDown = true;
    expect(await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now })).toMatchObject({
      ok: false,
      code: "unavailable",
    });
    expect((await attemptOf(db, `${orderId}-2`)).state).toBe("error");
    // Ten tries at most per order (each asks the provider for a page).
    state.pageDown = false;
    for (let n = 3; n <= 10; n++) await attemptFor(db, provider, orderId);
    expect(await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now })).toMatchObject({
      ok: false,
      code: "too-many",
    });
    expect(await orderRow(db, orderId)).toEqual({ status: "pending", payment_status: "pending" });
  });

  it("marks the order paid once from a verified event: twice, out of order, or told by the status too", async () => {
    const { db } = testDb();
    const { provider } = fakeProvider();
    const { orderId, reference } = await paidByCard(db, provider);
    expect(await orderRow(db, orderId)).toEqual({ status: "pending", payment_status: "paid" });
    // The same event again, the authorisation arriving late, the status query saying the same: nothing more.
    expect(await applyProviderEvent(db, provider, shop, event(reference, "captured"), "webhook", now)).toBe(
      "duplicate",
    );
    expect(await applyProviderEvent(db, provider, shop, event(reference, "authorised"), "webhook", now)).toBe(
      "applied",
    );
    const query = event(reference, "captured", { eventId: `query:${reference}:captured` });
    expect(await applyProviderEvent(db, provider, shop, query, "query", now)).toBe("applied");
    expect((await attemptOf(db, reference)).state).toBe("captured");
    const payments = await db.selectFrom("order_payments").selectAll().where("order_id", "=", orderId).execute();
    expect(payments).toMatchObject([{ method: "card-online", reference, amount_cents: 1100 }]);
    const events = await db
      .selectFrom("order_events")
      .select(["to_value", "actor_kind", "by_name"])
      .where("order_id", "=", orderId)
      .execute();
    expect(events).toEqual([{ to_value: "paid", actor_kind: "provider", by_name: "Worldpay (test)" }]);
    expect(await jobsOf(db, "order-status", orderId)).toHaveLength(1);
    expect(
      await db.selectFrom("payment_events").select("outcome").where("reference", "=", reference).execute(),
    ).toHaveLength(3);
  });

  it("never marks paid an unknown reference, another amount or currency, or a refusal", async () => {
    const { db } = testDb();
    const { provider } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    const ref = started.reference;
    expect(await applyProviderEvent(db, provider, shop, event("NOPE-1", "captured"), "webhook", now)).toBe(
      "ignored: unknown reference",
    );
    const less = event(ref, "captured", { eventId: "less", amountCents: 1 });
    expect(await applyProviderEvent(db, provider, shop, less, "webhook", now)).toMatch(/^ignored: amount 1 GBP/);
    const euros = event(ref, "captured", { eventId: "eur", currency: "EUR" });
    expect(await applyProviderEvent(db, provider, shop, euros, "webhook", now)).toMatch(/^ignored: amount/);
    const noAmount = event(ref, "captured", { eventId: "none", amountCents: null });
    expect(await applyProviderEvent(db, provider, shop, noAmount, "webhook", now)).toMatch(/^ignored: no amount/);
    expect(await applyProviderEvent(db, provider, shop, event(ref, "refused"), "webhook", now)).toBe("applied");
    // A late success after the refusal cannot move it back either.
    expect(await applyProviderEvent(db, provider, shop, event(ref, "captured"), "webhook", now)).toBe("applied");
    expect((await attemptOf(db, ref)).state).toBe("refused");
    expect(await orderRow(db, orderId)).toEqual({ status: "pending", payment_status: "pending" });
  });

  it("two copies of one event at once (two server copies) make one payment", async () => {
    const { db } = testDb();
    const { provider } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    const both = await Promise.all([
      applyProviderEvent(db, provider, shop, event(started.reference, "captured"), "webhook", now),
      applyProviderEvent(db, provider, shop, event(started.reference, "captured"), "webhook", now),
    ]);
    expect(both.sort()).toEqual(["applied", "duplicate"]);
    expect(await db.selectFrom("order_payments").selectAll().where("order_id", "=", orderId).execute()).toHaveLength(1);
    expect(await jobsOf(db, "order-status", orderId)).toHaveLength(1);
  });

  it("asks the provider about an attempt nobody reported on: paid after a closed tab, or abandoned in time", async () => {
    const { db } = testDb();
    const { provider, state } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    const attempt = await attemptOf(db, started.reference);
    // Nothing known yet: asked again later (a second check job); the provider down: thrown for the job to retry.
    expect(await checkAttempt(db, provider, shop, attempt.id, 0, new Date(now.getTime() + 300_000))).toBe("created");
    expect(await jobsOf(db, "payment-check", attempt.id)).toHaveLength(2);
    state.down = 1;
    await expect(checkAttempt(db, provider, shop, attempt.id, 1, now)).rejects.toBeInstanceOf(ProviderUnavailable);
    state.status = { found: true, state: "captured", amountCents: 1100, currency: "GBP", refundedCents: 0, links: {} };
    expect(await checkAttempt(db, provider, shop, attempt.id, 1, new Date(now.getTime() + 600_000))).toBe("captured");
    expect(await orderRow(db, orderId)).toEqual({ status: "pending", payment_status: "paid" });

    const other = await insertOrder(db, { userId: alice.id });
    const second = await attemptFor(db, provider, other);
    state.status = { found: false };
    const late = new Date(now.getTime() + 61 * 60_000);
    expect(await checkAttempt(db, provider, shop, (await attemptOf(db, second.reference)).id, 3, late)).toBe(
      "abandoned",
    );
    expect(await orderRow(db, other)).toEqual({ status: "pending", payment_status: "pending" });
  });

  it("an abandoned payment leaves the order waiting, and the unpaid-order rule cancels it with no refund to send", async () => {
    const { db } = testDb();
    const { provider } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    const attempt = await attemptOf(db, started.reference);
    expect(await checkAttempt(db, provider, shop, attempt.id, 0, new Date(now.getTime() + 3_600_000))).toBe(
      "abandoned",
    );
    expect(await orderRow(db, orderId)).toEqual({ status: "pending", payment_status: "pending" });
    expect(await cancelUnpaidOrder(db, { orderId, shopName: shop.shopName, days: 3 }, shop, now)).toBe("cancelled");
    expect(await orderRow(db, orderId)).toEqual({ status: "cancelled", payment_status: "pending" });
    expect(await jobsOf(db, "cancelled-order-refund", orderId)).toEqual([]);
    // Once cancelled, it cannot be paid by card any more.
    expect(await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now })).toMatchObject({
      ok: false,
      code: "wrong-state",
    });
  });

  it("refunds through the provider at most what is left, one at a time, once per key; the order refunded at the end", async () => {
    const { db } = testDb();
    const { provider, state, calls } = fakeProvider();
    const { orderId } = await paidByCard(db, provider);
    const ask = (amount: string, key: string, reason = "Returned one bottle") =>
      requestCardRefund(db, { orderId, amount, reason, idempotencyKey: key, actor: asStaff, now });
    expect(await ask("11.01", "key-1")).toMatchObject({
      ok: false,
      fieldErrors: { amount: expect.stringContaining("£11.00") },
    });
    expect(await ask("0", "key-1")).toMatchObject({ ok: false, fieldErrors: { amount: expect.any(String) } });
    expect(await ask("1.00", "key-1", " ")).toMatchObject({ ok: false, fieldErrors: { reason: expect.any(String) } });
    const first = await ask("4.00", "key-1");
    expect(first).toMatchObject({ ok: true, amountCents: 400 });
    // A second click sends the same key: the same refund. Another one waits until the first has gone.
    expect(await ask("4.00", "key-1")).toMatchObject({ ok: true, refundId: first.ok ? first.refundId : "" });
    expect(await ask("1.00", "key-2")).toMatchObject({ ok: false, code: "already-done" });

    // The provider times out: the refund stays to send, retried later with the same key; then it goes once.
    const refundId = first.ok ? first.refundId : "";
    state.status = {
      found: true,
      state: "captured",
      amountCents: 1100,
      currency: "GBP",
      refundedCents: 0,
      links: { partialRefund: "https://pay.test/r" },
    };
    state.down = 1;
    await expect(sendRefund(db, provider, shop, refundId, now)).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await sendRefund(db, provider, shop, refundId, now)).toBe("sent");
    expect(await sendRefund(db, provider, shop, refundId, now)).toBe("sent");
    expect(calls.filter((c) => c.what === "refund")).toEqual([{ what: "refund", key: "key-1", amount: 400 }]);
    expect(await orderRow(db, orderId)).toMatchObject({ payment_status: "paid" });
    expect(await jobsOf(db, "notice", "£4.00 refunded")).toHaveLength(1);

    // The rest: the order is refunded. Nothing is left to refund after that.
    const rest = await ask("", "key-3", "Cancelled the rest");
    expect(rest).toMatchObject({ ok: true, amountCents: 700 });
    expect(await sendRefund(db, provider, shop, rest.ok ? rest.refundId : "", now)).toBe("sent");
    expect(await orderRow(db, orderId)).toMatchObject({ payment_status: "refunded" });
    expect(await ask("0.01", "key-4")).toMatchObject({
      ok: false,
      fieldErrors: { amount: expect.stringContaining("£0.00") },
    });
    // The provider's own word that each refund went: confirmed.
    const [r1] = await refundsOf(db, orderId);
    const attempt = await db
      .selectFrom("payment_attempts")
      .select("reference")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    const confirmed = event(attempt.reference, "refunded", {
      eventId: "rf1",
      amountCents: 400,
      refundReference: r1!.reference,
    });
    expect(await applyProviderEvent(db, provider, shop, confirmed, "webhook", now)).toBe("applied");
    expect((await refundsOf(db, orderId)).map((r) => r.state)).toEqual(["confirmed", "sent"]);
  });

  it("the provider's refund event racing the refund job's answer: one e-mail, the order refunded once", async () => {
    const { db } = testDb();
    const { provider, state } = fakeProvider();
    const { orderId, reference } = await paidByCard(db, provider);
    const asked = await requestCardRefund(db, {
      orderId,
      amount: "",
      reason: "Faulty",
      idempotencyKey: "k-race",
      actor: asStaff,
      now,
    });
    if (!asked.ok) throw new Error(asked.message);
    const [row] = await refundsOf(db, orderId);
    // The provider's sentForRefund arrives before the job has written down the provider's answer.
    const early = event(reference, "refunded", {
      eventId: "rf-race",
      amountCents: 1100,
      refundReference: row!.reference,
    });
    expect(await applyProviderEvent(db, provider, shop, early, "webhook", now)).toBe("applied");
    state.status = {
      found: true,
      state: "refunded",
      amountCents: 1100,
      currency: "GBP",
      refundedCents: 1100,
      links: {},
    };
    expect(await sendRefund(db, provider, shop, asked.refundId, now)).toBe("confirmed");
    expect((await refundsOf(db, orderId)).map((r) => r.state)).toEqual(["confirmed"]);
    expect(await orderRow(db, orderId)).toMatchObject({ payment_status: "refunded" });
    expect(await jobsOf(db, "notice", `£11.00 refunded for order ${orderId}`)).toHaveLength(1);
  });

  it("a refund the provider refuses is marked failed, and the money it held is refundable again", async () => {
    const { db } = testDb();
    const { provider, state } = fakeProvider();
    const { orderId } = await paidByCard(db, provider);
    state.status = {
      found: true,
      state: "captured",
      amountCents: 1100,
      currency: "GBP",
      refundedCents: 0,
      links: { partialRefund: "https://pay.test/r" },
    };
    state.refuse = true;
    const asked = await requestCardRefund(db, {
      orderId,
      amount: "11.00",
      reason: "Faulty",
      idempotencyKey: "k-f",
      actor: asStaff,
      now,
    });
    expect(await sendRefund(db, provider, shop, asked.ok ? asked.refundId : "", now)).toBe("failed");
    expect(await refundsOf(db, orderId)).toMatchObject([
      { state: "failed", error: expect.stringContaining("refused") },
    ]);
    expect(
      await requestCardRefund(db, {
        orderId,
        amount: "11.00",
        reason: "Faulty",
        idempotencyKey: "k-g",
        actor: asStaff,
        now,
      }),
    ).toMatchObject({ ok: true });
  });

  it("a cancelled order's card money goes back in full by itself; a payment after the cancellation too", async () => {
    const { db } = testDb();
    const { provider } = fakeProvider();
    const { orderId } = await paidByCard(db, provider);
    const cancelled = await inTransaction(db, (trx) =>
      transitionOrder(trx, { orderId, transition: "cancel-by-staff", actor: asStaff, now }),
    );
    expect(cancelled.ok).toBe(true);
    expect(await jobsOf(db, "cancelled-order-refund", orderId)).toHaveLength(1);
    expect(await refundCancelledOrder(db, { orderId, reason: "we cancelled the order", now })).toBe("refund queued");
    expect(await refundCancelledOrder(db, { orderId, reason: "we cancelled the order", now })).toBe(
      "nothing to refund",
    );
    expect(await refundsOf(db, orderId)).toMatchObject([
      { amount_cents: 1100, state: "requested", requested_by_id: null },
    ]);

    // A failed age check cancels a paid order too: its refund says why to the customer.
    const underAge = await paidByCard(db, provider);
    await inTransaction(db, (trx) =>
      transitionOrder(trx, {
        orderId: underAge.orderId,
        transition: "cancel-age-failed",
        actor: { kind: "shop", id: null, name: "Age check" },
        now,
      }),
    );
    const [job] = await jobsOf(db, "cancelled-order-refund", underAge.orderId);
    const reason = (JSON.parse(job!.payload) as { reason: string }).reason;
    expect(reason).toBe("we could not verify that you are 18 or over, so we cancelled the order");
    expect(await refundCancelledOrder(db, { orderId: underAge.orderId, reason, now })).toBe("refund queued");

    // The shopper pays after the shop gave up on the order: that money goes straight back.
    const late = await insertOrder(db, { userId: alice.id });
    const started = await attemptFor(db, provider, late);
    await inTransaction(db, (trx) =>
      transitionOrder(trx, { orderId: late, transition: "cancel-by-staff", actor: asStaff, now }),
    );
    await applyProviderEvent(db, provider, shop, event(started.reference, "captured"), "webhook", now);
    expect(await orderRow(db, late)).toEqual({ status: "cancelled", payment_status: "pending" });
    expect(await refundsOf(db, late)).toMatchObject([
      { amount_cents: 1100, reason: "the order was cancelled before the payment arrived" },
    ]);
  });

  it("settles an authorisation only once the customer's age is verified, and releases it on a cancelled order", async () => {
    const { db } = testDb();
    const { provider, state, calls } = fakeProvider();
    const orderId = await insertOrder(db, { userId: alice.id });
    const started = await startCardPayment(db, provider, shop, { orderId, customerId: alice.id, now });
    if (!started.ok) throw new Error(started.message);
    await applyProviderEvent(db, provider, shop, event(started.reference, "authorised"), "webhook", now);
    const attempt = await attemptOf(db, started.reference);
    expect(attempt.state).toBe("authorised");
    expect(await jobsOf(db, "payment-settle", attempt.id)).toHaveLength(1);
    state.status = {
      found: true,
      state: "authorised",
      amountCents: 1100,
      currency: "GBP",
      refundedCents: 0,
      links: { settle: "https://pay.test/s", cancel: "https://pay.test/c" },
    };
    expect(await settleAttempt(db, provider, shop, attempt.id, async () => false, now)).toBe("waits for the age check");
    expect(await settleAttempt(db, provider, shop, attempt.id, async () => true, now)).toBe("settled");
    expect(calls.filter((c) => c.what === "settle")).toEqual([{ what: "settle", key: `settle-${attempt.id}` }]);

    const other = await insertOrder(db, { userId: alice.id });
    const second = await attemptFor(db, provider, other);
    await applyProviderEvent(db, provider, shop, event(second.reference, "authorised"), "webhook", now);
    await inTransaction(db, (trx) =>
      transitionOrder(trx, { orderId: other, transition: "cancel-by-staff", actor: asStaff, now }),
    );
    const held = await attemptOf(db, second.reference);
    expect(await settleAttempt(db, provider, shop, held.id, async () => true, now)).toBe("released");
    expect((await attemptOf(db, second.reference)).state).toBe("cancelled");
  });
});
