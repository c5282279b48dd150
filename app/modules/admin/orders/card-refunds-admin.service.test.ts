import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { paymentMessages } from "~/modules/orders/payments";
import { cardMessages } from "~/modules/payments/card-payments";
import { openMoney } from "~/modules/payments/card-payments.service.server";
import { orderMoneyPanel, refundToCard } from "./card-refunds-admin.service.server";
import { changeOrderStep, listAdminOrders, readOrderFilters } from "./orders-admin.service.server";
import { payByCard } from "./testing/card-payment-fixture";
import { alice, insertOrder, insertUsers, payInFull, shopper, snapshot, staff } from "./testing/orders-fixture";

// Staff's side of card payments (issue 61): the order's payments panel, 'Refund to card' through the provider (at most
// what is left, one at a time, a second click the same refund), 'Mark refunded' keeping its method and reference for
// a manual payment, the orders list's Payment filter and the dashboard's figures.

const at = new Date("2026-11-29T12:00:00.000Z");
const refundRows = (db: Db, orderId: string) =>
  db.selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
const key = (n: number) => `refund-key-${String(n).padStart(12, "0")}`;

/** An order of `totalCents` placed by `userId`, paid by card (captured) unless told otherwise. */
async function cardPaidOrder(db: Db, userId: string, totalCents = 2449, kind: "captured" | "authorised" = "captured") {
  const id = await insertOrder(db, { userId, totalCents });
  await payByCard(db, { id, userId, totalCents }, kind);
  return id;
}

describeEachDatabase("back office: card payments and refunds", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice, shopper("lists")]);
  });

  it("the panel shows each attempt with the provider's events, what was paid and what is left", async () => {
    const { db } = testDb();
    const id = await cardPaidOrder(db, alice.id);
    const panel = await orderMoneyPanel(db, id);
    expect(panel.attempts).toEqual([
      expect.objectContaining({
        reference: `${id}-1`,
        amountCents: 2449,
        currency: "GBP",
        state: "captured",
        test: true,
        events: [
          expect.objectContaining({
            type: "sentForSettlement",
            source: "webhook",
            outcome: "applied",
            providerEventId: `evt-${id}-1-captured`,
          }),
        ],
      }),
    ]);
    expect(panel.card).toEqual({ paidCents: 2449, leftCents: 2449, currency: "GBP", inFlight: false });
    expect(panel.held).toBeNull();
    expect(panel.refunds).toEqual([]);
    expect((await snapshot(db, id)).order.payment_status).toBe("paid");

    // An order never paid by card has no panel's figures; an authorised one has money held, not paid.
    const manual = await insertOrder(db, { userId: alice.id });
    expect(await orderMoneyPanel(db, manual)).toEqual({ attempts: [], refunds: [], card: null, held: null });
    const held = await cardPaidOrder(db, alice.id, 1100, "authorised");
    expect(await orderMoneyPanel(db, held)).toMatchObject({ card: null, held: { cents: 1100, currency: "GBP" } });
  });

  it("refuses nothing, more than is left, and no reason under their fields, and sends nothing", async () => {
    const { db } = testDb();
    const id = await cardPaidOrder(db, alice.id);
    const cases = [
      [{ amount: "0", reason: "Return" }, { amount: cardMessages.refundNothing }],
      [{ amount: "24.50", reason: "Return" }, { amount: cardMessages.refundTooMuch(2449, "GBP") }],
      [{ amount: "ten", reason: "Return" }, { amount: paymentMessages.amountShape }],
      [{ amount: "5.00", reason: "  " }, { reason: cardMessages.refundReasonMissing }],
    ] as const;
    for (const [n, [input, fieldErrors]] of cases.entries()) {
      const refused = await refundToCard(db, staff, id, { ...input, idempotencyKey: key(100 + n) }, at);
      expect(refused).toMatchObject({ ok: false, code: "invalid", fieldErrors });
    }
    expect(cardMessages.refundTooMuch(2449, "GBP")).toBe(
      "A refund can be at most what is left of the payment, £24.49. Nothing was sent.",
    );
    expect(await refundRows(db, id)).toEqual([]);
    expect(await db.selectFrom("jobs").select("id").where("kind", "=", "refund-send").execute()).toEqual([]);
  });

  it("sends one refund at a time: a second is refused while the first is being sent", async () => {
    const { db } = testDb();
    const id = await cardPaidOrder(db, alice.id);
    const sent = await refundToCard(
      db,
      staff,
      id,
      { amount: "5.00", reason: "Broken coil", idempotencyKey: key(1) },
      at,
    );
    expect(sent).toMatchObject({ ok: true, amountCents: 500, currency: "GBP" });
    const [row] = await refundRows(db, id);
    expect(row).toMatchObject({
      amount_cents: 500,
      state: "requested",
      method: "card-online",
      reason: "Broken coil",
      requested_by_id: staff.id,
      requested_by_name: "Sam Staff",
    });
    const panel = await orderMoneyPanel(db, id);
    expect(panel.card).toEqual({ paidCents: 2449, leftCents: 1949, currency: "GBP", inFlight: true });
    expect(panel.refunds).toEqual([
      expect.objectContaining({ amountCents: 500, state: "requested", byName: "Sam Staff", card: true }),
    ]);

    const second = await refundToCard(db, staff, id, { amount: "1.00", reason: "Again", idempotencyKey: key(2) }, at);
    expect(second).toEqual({ ok: false, code: "already-done", message: cardMessages.refundInFlight });
    expect(await refundRows(db, id)).toHaveLength(1);
  });

  it("the same idempotency key twice (a double click, the form sent again) is one refund", async () => {
    const { db } = testDb();
    const id = await cardPaidOrder(db, alice.id);
    const input = { amount: "2.00", reason: "Missing flavour", idempotencyKey: key(3) };
    const [first, second] = await Promise.all([
      refundToCard(db, staff, id, input, at),
      refundToCard(db, staff, id, input, at),
    ]);
    expect(first.ok && second.ok && first.refundId === second.refundId).toBe(true);
    const again = await refundToCard(db, staff, id, input, at);
    expect(again).toMatchObject({ ok: true, refundId: first.ok ? first.refundId : "" });
    expect(await refundRows(db, id)).toHaveLength(1);
    expect(
      await db
        .selectFrom("jobs")
        .select("id")
        .where("kind", "=", "refund-send")
        .where("payload", "like", `%${first.ok ? first.refundId : "-"}%`)
        .execute(),
    ).toHaveLength(1);
  });

  it("is staff only, and an order not paid by card has nothing to refund to a card", async () => {
    const { db } = testDb();
    const id = await cardPaidOrder(db, alice.id);
    const input = { amount: "1.00", reason: "Return", idempotencyKey: key(4) };
    for (const actor of [alice, null])
      await expect(refundToCard(db, actor, id, input, at)).rejects.toBeInstanceOf(StaffOnlyError);
    expect(await refundToCard(db, staff, "NOSUCH99", input, at)).toMatchObject({ ok: false, code: "not-found" });
    const manual = await insertOrder(db, { userId: alice.id, status: "delivered" });
    await payInFull(db, manual);
    expect(await refundToCard(db, staff, manual, { ...input, idempotencyKey: key(5) }, at)).toEqual({
      ok: false,
      code: "wrong-state",
      message: cardMessages.refundNoPayment,
    });
    expect(await refundRows(db, id)).toEqual([]);
  });

  it("'Mark refunded' on a manual payment keeps its method and reference as a refund; a card payment is refused it", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "delivered", totalCents: 1749 });
    await payInFull(db, id);
    const step = (refund: Record<string, string>) => ({ orderId: id, step: "refund", from: "paid", refund });
    expect(await changeOrderStep(db, staff, step({ amount: "8.00" }), at)).toEqual({
      ok: false,
      code: "invalid",
      message: paymentMessages.refundMethodMissing,
      fieldErrors: { method: paymentMessages.refundMethodMissing, reference: paymentMessages.refundReferenceMissing },
    });
    const tooLong = step({ amount: "99.00", method: "card", reference: "R".repeat(61) });
    expect(await changeOrderStep(db, staff, tooLong, at)).toMatchObject({
      fieldErrors: {
        amount: paymentMessages.refundTooMuch(1749, "GBP"),
        method: paymentMessages.refundMethodMissing,
        reference: paymentMessages.referenceLong,
      },
    });
    expect((await snapshot(db, id)).order.payment_status).toBe("paid");
    expect(await refundRows(db, id)).toEqual([]);

    const done = step({ amount: "8.00", method: "bank-transfer", reference: " BACS-RF-77 " });
    expect(await changeOrderStep(db, staff, done, at)).toMatchObject({ ok: true, to: "refunded" });
    expect(await refundRows(db, id)).toEqual([
      expect.objectContaining({
        attempt_id: null,
        amount_cents: 800,
        currency: "GBP",
        state: "confirmed",
        method: "bank-transfer",
        reference: "BACS-RF-77",
        reason: "Recorded by staff",
        requested_by_id: staff.id,
        requested_by_name: "Sam Staff",
        created_at: at.toISOString(),
      }),
    ]);
    expect((await orderMoneyPanel(db, id)).refunds).toEqual([
      expect.objectContaining({ method: "bank-transfer", reference: "BACS-RF-77", card: false, state: "confirmed" }),
    ]);

    // Paid by card: the money goes back through the provider, never by a bare 'Mark refunded'.
    const card = await cardPaidOrder(db, alice.id);
    const bare = {
      orderId: card,
      step: "refund",
      from: "paid",
      refund: { method: "bank-transfer", reference: "X" },
    };
    expect(await changeOrderStep(db, staff, bare, at)).toEqual({
      ok: false,
      code: "wrong-state",
      message: paymentMessages.refundByCard,
    });
    expect((await snapshot(db, card)).order.payment_status).toBe("paid");
    expect(await refundRows(db, card)).toEqual([]);
  });

  it("the orders list filters by payment state, and the dashboard counts what is being confirmed or sent", async () => {
    const { db } = testDb();
    const lister = shopper("lists");
    const before = await openMoney(db);
    const unpaid = await insertOrder(db, { userId: lister.id });
    const paid = await cardPaidOrder(db, lister.id);
    const partly = await cardPaidOrder(db, lister.id);
    await refundToCard(db, staff, partly, { amount: "1.00", reason: "Return", idempotencyKey: key(6) }, at);
    const held = await cardPaidOrder(db, lister.id, 1100, "authorised");
    const refunded = await insertOrder(db, { userId: lister.id, status: "delivered" });
    await payInFull(db, refunded);
    const all = {
      orderId: refunded,
      step: "refund",
      from: "paid",
      refund: { method: "cash-on-collection", reference: "C1" },
    };
    expect(await changeOrderStep(db, staff, all, at)).toMatchObject({ ok: true });

    const listed = async (payment: string) => {
      const filters = readOrderFilters(new URL(`http://shop.test/admin/orders?customer=lists&payment=${payment}`));
      return (await listAdminOrders(db, staff, filters)).orders.map((o) => o.id).sort();
    };
    const sorted = (...ids: string[]) => ids.sort();
    expect(await listed("pending")).toEqual(sorted(unpaid, held));
    expect(await listed("paid")).toEqual(sorted(paid, partly));
    expect(await listed("refunded")).toEqual([refunded]);
    expect(await listed("partly-refunded")).toEqual([partly]);
    expect(await listed("being-confirmed")).toEqual([held]);
    expect(await listed("refund-in-flight")).toEqual([partly]);
    // An unknown value is ignored: the list unfiltered.
    expect(readOrderFilters(new URL("http://shop.test/admin/orders?payment=bogus")).payment).toBe("");
    expect(await listed("bogus")).toEqual(sorted(unpaid, paid, partly, held, refunded));

    expect(await openMoney(db)).toEqual({ waiting: before.waiting + 1, refunding: before.refunding + 1 });
  });
});
