import { provedSecondFactor } from "~/testing/accounts";
import { startTestWorker } from "~/testing/job-worker";
import type { JobWorker } from "~/modules/jobs/worker.server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { createLogger } from "~/lib/log.server";
import { createMailer } from "~/lib/mailer.server";
import { orderSteps, stepMessages, type OrderStep } from "~/modules/orders/order-status";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { mailText, startSmtpSink } from "~/testing/smtp-sink";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { StaffOnlyError } from "../guard.server";
import { changeOrderStep, handleOrderStep } from "./orders-admin.service.server";
import { alice, insertOrder, insertUsers, snapshot, staff } from "./testing/orders-fixture";
import { signUpConfirmed } from "~/testing/accounts";
import { ageMessages } from "~/modules/age-checks/age-checks";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";

const shop = { shopName: "Vapour Lane", baseUrl: "http://shop.test" };

describeEachDatabase("back-office orders: status changes", (testDb) => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let context: (ip?: string) => ShopContext;
  let worker: JobWorker;
  beforeAll(async () => {
    sink = await startSmtpSink();
    context = await createTestContext(testDb(), { mailer: createMailer({ smtpUrl: sink.url, from: "shop@example.com", log: createLogger("silent") }) });
    worker = startTestWorker(testDb(), context().mailer);
    await insertUsers(testDb().db, [staff, alice]);
  });
  afterAll(async () => {
    await worker.stop();
    await sink.close();
  });
  const form = (intent: string, from: string) => {
    const body = new FormData();
    body.set("intent", intent);
    body.set("from", from);
    return body;
  };

  it("refuses every step to customers and signed-out callers, changing nothing and e-mailing nobody", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed", paymentStatus: "paid" });
    const before = await snapshot(db, id);
    const mailsBefore = sink.received.length;
    for (const actor of [alice, null]) {
      for (const step of Object.keys(orderSteps) as OrderStep[]) {
        const from = orderSteps[step].field === "status" ? "confirmed" : "paid";
        await expect(changeOrderStep(db, actor, { orderId: id, step, from })).rejects.toBeInstanceOf(StaffOnlyError);
        await expect(handleOrderStep(context(), actor, id, form(step, from))).rejects.toBeInstanceOf(StaffOnlyError);
      }
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(await snapshot(db, id)).toEqual(before);
    expect(sink.received.length).toBe(mailsBefore);
  });

  it("takes an order from pending to delivered one step at a time, recording who and when", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const at = (minute: number) => new Date(`2026-11-22T10:0${minute}:00.000Z`);
    expect(await changeOrderStep(db, staff, { orderId: id, step: "confirm", from: "pending" }, at(1))).toMatchObject({ ok: true, message: `Order ${id} is now Confirmed.` });
    expect(await changeOrderStep(db, staff, { orderId: id, step: "pay", from: "pending" }, at(2))).toMatchObject({ ok: true, message: `Order ${id} is now Paid.` });
    // UK: not dispatched before the customer's age is verified.
    expect(await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed" }, at(3))).toEqual({ ok: false, status: 409, message: ageMessages.dispatchRefused });
    expect(await decideAgeCheck(db, staff, shop, alice.id, { decision: "verify", note: "Driving licence seen" })).toMatchObject({ ok: true, status: "verified" });
    expect(await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed" }, at(3))).toMatchObject({ ok: true, message: `Order ${id} is now Dispatched.` });
    expect(await changeOrderStep(db, staff, { orderId: id, step: "deliver", from: "dispatched" }, at(4))).toMatchObject({ ok: true, message: `Order ${id} is now Delivered.` });
    expect(await changeOrderStep(db, staff, { orderId: id, step: "refund", from: "paid" }, at(5))).toMatchObject({ ok: true, message: `Order ${id} is now Refunded.` });
    const { order, events } = await snapshot(db, id);
    expect(order).toEqual({ status: "delivered", payment_status: "refunded", updated_at: at(5).toISOString() });
    expect(events).toEqual([
      { field: "status", from: "pending", to: "confirmed", byName: "Sam Staff", at: at(1).toISOString() },
      { field: "paymentStatus", from: "pending", to: "paid", byName: "Sam Staff", at: at(2).toISOString() },
      { field: "status", from: "confirmed", to: "dispatched", byName: "Sam Staff", at: at(3).toISOString() },
      { field: "status", from: "dispatched", to: "delivered", byName: "Sam Staff", at: at(4).toISOString() },
      { field: "paymentStatus", from: "paid", to: "refunded", byName: "Sam Staff", at: at(5).toISOString() },
    ]);
    const row = await db.selectFrom("order_events").select("by_user_id").where("order_id", "=", id).executeTakeFirstOrThrow();
    expect(row.by_user_id).toBe(staff.id);
  });

  it("cancels a pending or confirmed order, but not one that has been dispatched", async () => {
    const { db } = testDb();
    const pending = await insertOrder(db, { userId: alice.id });
    const confirmed = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    const dispatched = await insertOrder(db, { userId: alice.id, status: "dispatched" });
    expect(await changeOrderStep(db, staff, { orderId: pending, step: "cancel", from: "pending" })).toMatchObject({ ok: true, to: "cancelled" });
    expect(await changeOrderStep(db, staff, { orderId: confirmed, step: "cancel", from: "confirmed" })).toMatchObject({ ok: true, to: "cancelled" });
    const before = await snapshot(db, dispatched);
    expect(await changeOrderStep(db, staff, { orderId: dispatched, step: "cancel", from: "dispatched" })).toEqual({
      ok: false, status: 409, message: "Status cannot go from Dispatched to Cancelled: the next step is Delivered.",
    });
    expect(await snapshot(db, dispatched)).toEqual(before);
  });

  it("refuses skipped steps, steps back, final states, unknown steps and stale pages, changing nothing", async () => {
    const { db } = testDb();
    const pending = await insertOrder(db, { userId: alice.id });
    const dispatched = await insertOrder(db, { userId: alice.id, status: "dispatched", paymentStatus: "paid" });
    const delivered = await insertOrder(db, { userId: alice.id, status: "delivered", paymentStatus: "refunded" });
    const cancelled = await insertOrder(db, { userId: alice.id, status: "cancelled" });
    const cases: Array<[string, unknown, unknown, string]> = [
      [pending, "dispatch", "pending", "Status cannot go from Pending to Dispatched: the next step is Confirmed or Cancelled."],
      [pending, "deliver", "pending", "Status cannot go from Pending to Delivered: the next step is Confirmed or Cancelled."],
      [pending, "refund", "pending", "Payment cannot go from Payment pending to Refunded: the next step is Paid."],
      [dispatched, "confirm", "dispatched", "Status cannot go from Dispatched to Confirmed: the next step is Delivered."],
      [dispatched, "pay", "paid", "Payment is already Paid."],
      [delivered, "dispatch", "delivered", "Status cannot go from Delivered to Dispatched: Delivered is final."],
      [delivered, "pay", "refunded", "Payment cannot go from Refunded to Paid: Refunded is final."],
      [cancelled, "confirm", "cancelled", "Status cannot go from Cancelled to Confirmed: Cancelled is final."],
      [pending, "ship", "pending", stepMessages.unknown],
      [pending, "constructor", "pending", stepMessages.unknown],
      [pending, null, "pending", stepMessages.unknown],
      [pending, "confirm", "confirmed", "This order changed while you were looking at it: status is now Pending. Nothing was changed; check it and try again."],
      [dispatched, "deliver", "confirmed", "This order changed while you were looking at it: status is now Dispatched. Nothing was changed; check it and try again."],
      [pending, "confirm", null, "This order changed while you were looking at it: status is now Pending. Nothing was changed; check it and try again."],
    ];
    const before = await Promise.all([pending, dispatched, delivered, cancelled].map((id) => snapshot(db, id)));
    for (const [orderId, step, from, message] of cases) {
      expect(await changeOrderStep(db, staff, { orderId, step, from }), `${step} from ${String(from)}`).toEqual({ ok: false, status: 409, message });
    }
    expect(await Promise.all([pending, dispatched, delivered, cancelled].map((id) => snapshot(db, id)))).toEqual(before);
    expect(await changeOrderStep(db, staff, { orderId: "ZZZZ2222", step: "confirm", from: "pending" })).toMatchObject({ ok: false, status: 404 });
    expect(await changeOrderStep(db, staff, { orderId: "'; drop table orders; --", step: "confirm", from: "pending" })).toMatchObject({ ok: false, status: 404 });
  });

  it("lets only one of several staff members acting at once change the order", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    // Every answer from the database comes a little late, so the transactions really overlap (on PostgreSQL: all of
    // them read "pending" before any writes; SQLite runs one writer at a time anyway).
    const slow = db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise((r) => setTimeout(r, 40));
        return args.result;
      },
    });
    const results = await Promise.all([
      changeOrderStep(slow, staff, { orderId: id, step: "confirm", from: "pending" }),
      changeOrderStep(slow, staff, { orderId: id, step: "cancel", from: "pending" }),
      changeOrderStep(slow, staff, { orderId: id, step: "confirm", from: "pending" }),
      changeOrderStep(slow, staff, { orderId: id, step: "cancel", from: "pending" }),
    ]);
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    for (const loser of results.filter((r) => !r.ok)) expect(loser).toMatchObject({ status: 409, message: expect.stringContaining("This order changed while you were looking at it") });
    const { order, events } = await snapshot(db, id);
    expect(events).toHaveLength(1);
    expect(order.status).toBe(events[0]!.to);
  });

  it("e-mails the customer when their order moves on", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const count = sink.received.length;
    expect(await handleOrderStep(context(), staff, id, form("confirm", "pending"))).toMatchObject({ ok: true });
    expect(await handleOrderStep(context(), staff, id, form("pay", "pending"))).toMatchObject({ ok: true });
    expect(await handleOrderStep(context(), staff, id, form("deliver", "confirmed"))).toMatchObject({ ok: false });
    const aboutThisOrder = () => sink.received.slice(count).filter((m) => m.raw.includes(id));
    for (let i = 0; i < 100 && aboutThisOrder().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 100));
    const mails = aboutThisOrder();
    expect(mails).toHaveLength(2);
    const subject = (raw: string) => raw.match(/^Subject: (.*)$/m)?.[1];
    const bySubject = new Map(mails.map((m) => [subject(m.raw), m]));
    const confirmed = bySubject.get(`Vapour Lane: order ${id} is now confirmed`);
    const paid = bySubject.get(`Vapour Lane: payment received for order ${id}`);
    expect(confirmed?.to).toEqual(["alice@example.com"]);
    expect(paid?.to).toEqual(["alice@example.com"]);
    const text = mailText(confirmed!);
    expect(text).toContain("Hello Alice,");
    expect(text).toContain(`Your order ${id} is now confirmed.`);
    expect(text).toContain(`http://shop.test/account/orders/${id}`);
  });

  it("guards the pages and the action: a 404 page and a 403 action for customers and visitors, a redirect with a message for staff", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const signUpValues = (firstName: string, email: string) => ({ firstName, lastName: "Lee", email, password: "correct horse battery", dateOfBirth: "1990-05-05", terms: "on" });
    const customer = await signUpConfirmed(context("192.0.2.10"), signUpValues("Pat", "pat@example.com"));
    const member = await signUpConfirmed(context("192.0.2.11"), signUpValues("Kim", "kim@example.com"));
    if (!customer.ok || !member.ok) throw new Error("sign-up failed");
    await db.updateTable("user").set({ role: "staff" }).where("email", "=", "kim@example.com").execute();
    const customerCookie = cookieHeader(customer.headers);
    const staffCookie = await provedSecondFactor(testDb().db, cookieHeader(member.headers));
    const url = `http://shop.test/admin/orders/${id}`;
    const post = (cookie: string, body: FormData) => {
      const headers: Record<string, string> = { origin: "http://shop.test" };
      if (cookie) headers.cookie = cookie;
      return new Request(url, { method: "POST", headers, body });
    };
    const args = (request: Request) => ({ request, context: context(), params: { id }, unstable_pattern: "", matches: [] }) as never;
    const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;

    for (const cookie of ["", customerCookie]) {
      await expect(orderLoader(args(requestWith(cookie, url)))).rejects.toSatisfy((e) => status(e) === 404);
      await expect(ordersLoader(args(requestWith(cookie, "http://shop.test/admin/orders")))).rejects.toSatisfy((e) => status(e) === 404);
      await expect(orderAction(args(post(cookie, form("confirm", "pending"))))).rejects.toSatisfy((e) => status(e) === 403);
    }
    expect((await snapshot(db, id)).order.status).toBe("pending");

    const refused = await orderAction(args(post(staffCookie, form("deliver", "pending"))));
    expect(refused).toMatchObject({ data: { message: "Status cannot go from Pending to Delivered: the next step is Confirmed or Cancelled." }, init: { status: 409 } });
    const done = (await orderAction(args(post(staffCookie, form("confirm", "pending"))))) as Response;
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/admin/orders/${id}?done=confirm`);
    const page = (await orderLoader(args(requestWith(staffCookie, `${url}?done=confirm`)))) as unknown as { data: { notice: string; events: unknown[]; whatsappText: string } };
    expect(page.data.notice).toBe(`Order ${id} is now Confirmed.`);
    expect(page.data.events).toEqual([expect.objectContaining({ field: "status", from: "pending", to: "confirmed", byName: "Kim Lee" })]);
    expect(page.data.whatsappText).toContain(`Order ID: ${id}`);
    expect(page.data.whatsappText).toContain("Please confirm this order and provide payment details.");
    const stale = (await orderLoader(args(requestWith(staffCookie, `${url}?done=dispatch`)))) as unknown as { data: { notice: string | null } };
    expect(stale.data.notice).toBeNull();
  });
});
