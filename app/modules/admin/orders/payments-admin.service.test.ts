import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { paymentMessages } from "~/modules/orders/payments";
import { paymentOf } from "~/modules/orders/payments.service.server";
import { action as orderAction } from "~/routes/admin/order";
import { signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext } from "~/testing/test-context";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { changeOrderStep } from "./orders-admin.service.server";
import { recordPayment } from "./payments-admin.service.server";
import { alice, insertOrder, insertUsers, snapshot, staff } from "./testing/orders-fixture";

const mail = { shopName: "Vapour Lane" };
const at = new Date("2026-11-20T09:30:00.000Z");
const rightPayment = { method: "bank-transfer", reference: "BACS 7731", amount: "11.00", from: "pending" };

const paymentRows = (db: Db, orderId: string) =>
  db.selectFrom("order_payments").selectAll().where("order_id", "=", orderId).execute();
const statusMails = (db: Db, orderId: string) =>
  db
    .selectFrom("jobs")
    .select(["recipient", "subject", "payload"])
    .where("kind", "=", "order-status")
    .where("payload", "like", `%${orderId}%`)
    .execute();
/** Everything a refused payment must leave as it was: the order, its history, its payment rows and its e-mails. */
const everything = async (db: Db, orderId: string) => ({
  ...(await snapshot(db, orderId)),
  payments: await paymentRows(db, orderId),
  mails: await statusMails(db, orderId),
});

// Staff record a payment (method, reference, the order's total) and only then may dispatch (docs/decisions/045).
describeEachDatabase("back-office orders: recording a payment", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice]);
  });

  it("records the payment with who and when, marks the order paid, writes its history and queues the customer's e-mail", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed", totalCents: 1100 });
    expect(await recordPayment(db, staff, id, { ...rightPayment, amount: " 11 " }, at, mail)).toEqual({
      ok: true,
      orderId: id,
      message: paymentMessages.recorded(id),
    });
    expect(await paymentOf(db, id)).toEqual({
      method: "bank-transfer",
      reference: "BACS 7731",
      amountCents: 1100,
      currency: "GBP",
      recordedAt: at.toISOString(),
      recordedByName: "Sam Staff",
      refundedCents: null,
      refundedAt: null,
    });
    const { order, events } = await snapshot(db, id);
    expect(order).toEqual({ status: "confirmed", payment_status: "paid", updated_at: at.toISOString() });
    expect(events).toEqual([
      {
        field: "paymentStatus",
        from: "pending",
        to: "paid",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at.toISOString(),
      },
    ]);
    const [job, ...more] = await statusMails(db, id);
    expect(more).toEqual([]);
    expect(job).toMatchObject({ recipient: alice.email, subject: `Vapour Lane: payment received for order ${id}` });
    expect(JSON.parse(job!.payload)).toMatchObject({ field: "paymentStatus", status: "paid", customerName: "Alice" });
  });

  it("refuses an amount other than the order's total, saying the total under the field, and records nothing", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, totalCents: 2499 });
    const before = await everything(db, id);
    for (const amount of ["24.98", "25", "2499", "0"]) {
      expect(await recordPayment(db, staff, id, { ...rightPayment, amount }, at, mail), amount).toEqual({
        ok: false,
        code: "invalid",
        message: paymentMessages.amountWrong(2499, "GBP"),
        fieldErrors: { amount: "The amount must be the order's total, £24.99. Nothing was recorded." },
      });
    }
    expect(await everything(db, id)).toEqual(before);
    expect(await recordPayment(db, staff, id, { ...rightPayment, amount: "24.99" }, at, mail)).toMatchObject({
      ok: true,
    });
  });

  it("refuses a form that does not check, each message under its field", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const before = await everything(db, id);
    expect(
      await recordPayment(db, staff, id, { method: "cheque", reference: "  ", amount: "eleven", from: "pending" }),
    ).toMatchObject({
      ok: false,
      code: "invalid",
      fieldErrors: {
        method: paymentMessages.methodMissing,
        reference: paymentMessages.referenceMissing,
        amount: paymentMessages.amountShape,
      },
    });
    expect(
      await recordPayment(db, staff, id, { ...rightPayment, reference: "R".repeat(61), amount: "" }),
    ).toMatchObject({
      fieldErrors: { reference: paymentMessages.referenceLong, amount: paymentMessages.amountMissing },
    });
    expect(await everything(db, id)).toEqual(before);
  });

  it("refuses a second payment, a cancelled order, a stale page and an unknown order, changing nothing", async () => {
    const { db } = testDb();
    const paid = await insertOrder(db, { userId: alice.id });
    expect(await recordPayment(db, staff, paid, rightPayment, at, mail)).toMatchObject({ ok: true });
    const cancelled = await insertOrder(db, { userId: alice.id, status: "cancelled" });
    const stale = await insertOrder(db, { userId: alice.id });
    const before = await Promise.all([paid, cancelled, stale].map((id) => everything(db, id)));
    // The same form sent again (a double click, a second tab): the page showed pending, the order is paid now.
    expect(await recordPayment(db, staff, paid, rightPayment, at, mail)).toEqual({
      ok: false,
      code: "changed",
      message: paymentMessages.alreadyPaid(paid),
    });
    expect(await recordPayment(db, staff, cancelled, rightPayment, at, mail)).toEqual({
      ok: false,
      code: "changed",
      message: paymentMessages.cancelled(cancelled),
    });
    for (const from of ["paid", undefined, ""]) {
      expect(await recordPayment(db, staff, stale, { ...rightPayment, from }, at, mail)).toEqual({
        ok: false,
        code: "changed",
        message: paymentMessages.stale,
      });
    }
    expect(await Promise.all([paid, cancelled, stale].map((id) => everything(db, id)))).toEqual(before);
    expect(await recordPayment(db, staff, "ZZZZ2222", rightPayment)).toMatchObject({ ok: false, code: "not-found" });
    expect(await recordPayment(db, staff, "not an id", rightPayment)).toMatchObject({ ok: false, code: "not-found" });
  });

  it("records one payment when several staff record it at once; the others are told, nothing doubled", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    // Every answer comes a little late, so the transactions overlap (on PostgreSQL all read "pending" first).
    const slow = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((r) => setTimeout(r, 40));
        return args.result;
      },
    });
    const results = await Promise.all(
      ["A-1", "A-2", "A-3"].map((reference) =>
        recordPayment(slow, staff, id, { ...rightPayment, reference }, at, mail),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const loser of results.filter((r) => !r.ok))
      expect([paymentMessages.stale, paymentMessages.alreadyPaid(id)]).toContain(loser.message);
    const { payments, mails, events } = await everything(db, id);
    expect(payments).toHaveLength(1);
    expect(mails).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it("lets only staff record a payment: customers (their own order too) and visitors are refused, by the service and the page", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const before = await everything(db, id);
    for (const actor of [alice, { ...alice, role: "customer" as const }, null]) {
      await expect(recordPayment(db, actor, id, rightPayment, at, mail)).rejects.toBeInstanceOf(StaffOnlyError);
    }
    const context = await createTestContext(testDb());
    const customer = await signUpConfirmed(context("192.0.2.40"), {
      firstName: "Pat",
      lastName: "Payer",
      email: "pat.payer@example.com",
      password: "correct horse battery",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    if (!customer.ok) throw new Error("sign-up failed");
    const patId = (
      await db.selectFrom("user").select("id").where("email", "=", "pat.payer@example.com").executeTakeFirstOrThrow()
    ).id;
    const own = await insertOrder(db, { userId: patId });
    const ownBefore = await everything(db, own);
    const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;
    for (const [orderId, cookie] of [
      [id, ""],
      [id, cookieHeader(customer.headers)],
      [own, cookieHeader(customer.headers)],
    ] as const) {
      const body = new FormData();
      body.set("intent", "record-payment");
      for (const [name, value] of Object.entries(rightPayment)) body.set(name, value);
      const headers: Record<string, string> = { origin: "http://shop.test" };
      if (cookie) headers.cookie = cookie;
      const request = new Request(`http://shop.test/admin/orders/${orderId}`, { method: "POST", headers, body });
      const args = { request, context: context(), params: { id: orderId }, unstable_pattern: "", matches: [] };
      await expect(orderAction(args as never)).rejects.toSatisfy((e) => status(e) === 403);
    }
    expect(await everything(db, id)).toEqual(before);
    expect(await everything(db, own)).toEqual(ownBefore);
  });

  it("refuses to dispatch while the payment is pending, saying why; once paid the order is dispatched", async () => {
    const { db } = testDb();
    await decideAgeCheck(db, staff, { shopName: "Vapour Lane", baseUrl: "http://shop.test" }, alice.id, {
      decision: "verify",
      note: "Passport seen",
    });
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    const dispatch = { courier: "Royal Mail", trackingNumber: "AB123456789GB" };
    const before = await snapshot(db, id);
    expect(await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed", dispatch })).toEqual({
      ok: false,
      code: "changed",
      message: "This order is not paid yet. Record its payment before dispatching the order.",
    });
    expect(await snapshot(db, id)).toEqual(before);
    expect(await recordPayment(db, staff, id, rightPayment, at)).toMatchObject({ ok: true });
    expect(
      await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed", dispatch }),
    ).toMatchObject({ ok: true, to: "dispatched" });
  });
});
