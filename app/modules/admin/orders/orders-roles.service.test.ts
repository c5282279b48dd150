import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, expect, it } from "vitest";
import type { ShopContext } from "~/context";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { inTransaction } from "~/db/transaction.server";
import { fail } from "~/lib/result";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";
import { cardMessages } from "~/modules/payments/card-payments";
import { paymentMessages } from "~/modules/orders/payments";
import * as orderPage from "~/routes/admin/order";
import { loader as ordersLoader } from "~/routes/admin/orders";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { refundToCard } from "./card-refunds-admin.service.server";
import { changeOrderStep } from "./orders-admin.service.server";
import { recordPayment } from "./payments-admin.service.server";
import { payByCard } from "./testing/card-payment-fixture";
import { alice, insertOrder, insertUsers, packer, payInFull, snapshot, staff } from "./testing/orders-fixture";

// Staff roles on the order pages (issue 63): a packer reads orders and records dispatch, nothing else; every change
// is in the audit log, written in the change's own transaction.

const auditOf = (db: Db, orderId: string) =>
  db.selectFrom("audit_log").selectAll().where("entity_id", "=", orderId).orderBy("at").orderBy("id").execute();
const refusals = (db: Db, path: string) =>
  db
    .selectFrom("audit_log")
    .selectAll()
    .where("action", "=", "permission.refused")
    .where("entity_id", "=", path)
    .orderBy("at")
    .orderBy("id")
    .execute();

/** The page as the browser gets it, from the loader's data: its markup and its text. */
function render(loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/", Component: orderPage.default as ComponentType }]);
  const html = renderToStaticMarkup(createElement(Stub, { hydrationData: { loaderData: { page: loaderData } } }));
  const text = html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
  return { html, text };
}
const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map((m) => m[1]);

describeEachDatabase("back-office orders: what each staff role may do, and the audit log", (testDb) => {
  let context: () => ShopContext;
  let packerCookie: string;
  let packerId: string;
  beforeAll(async () => {
    const { db } = testDb();
    context = await createTestContext(testDb());
    await insertUsers(db, [staff, packer, alice]);
    await decideAgeCheck(db, staff, { shopName: "Vapour Lane", baseUrl: "http://shop.test" }, alice.id, {
      decision: "verify",
      note: "Passport seen",
    });
    const signedUp = await signUpConfirmed(context(), {
      firstName: "Pip",
      lastName: "Packer",
      email: "pip@example.com",
      password: "correct horse battery",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    if (!signedUp.ok) throw new Error("sign-up failed");
    await db
      .updateTable("user")
      .set({ role: "staff", staffRoles: "packer" })
      .where("email", "=", "pip@example.com")
      .execute();
    packerId = (
      await db.selectFrom("user").select("id").where("email", "=", "pip@example.com").executeTakeFirstOrThrow()
    ).id;
    packerCookie = await provedSecondFactor(db, cookieHeader(signedUp.headers));
  });

  const url = (id: string) => `http://shop.test/admin/orders/${id}`;
  const args = (request: Request, id: string) =>
    ({ request, context: context(), params: { id }, unstable_pattern: "", matches: [] }) as never;
  const post = (id: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return new Request(url(id), {
      method: "POST",
      headers: { origin: "http://shop.test", cookie: packerCookie },
      body,
    });
  };
  const status = (error: unknown) => (error as { init?: { status?: number } }).init?.status;

  it("a packer sees the orders list and an order's lines and address, without the customer's e-mail or the money forms", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed", totalCents: 2449 });
    await payByCard(db, { id, userId: alice.id, totalCents: 2449 }, "captured");

    const list = (await ordersLoader(
      args(requestWith(packerCookie, "http://shop.test/admin/orders"), id),
    )) as unknown as {
      data: { orders: { id: string; customer: { email: string } }[] };
    };
    const row = list.data.orders.find((o) => o.id === id);
    expect(row).toBeDefined();
    expect(row!.customer.email).toBe("");

    const page = (await orderPage.loader(args(requestWith(packerCookie, url(id)), id))) as unknown as {
      data: Record<string, unknown>;
    };
    expect(page.data.customer).toBeNull();
    expect(page.data.payment).toBeNull();
    const { html, text } = render(page.data);
    // What a packer needs to send it: the lines, the address and the dispatch form.
    expect(text).toContain("Blue Razz");
    expect(text).toContain("12 High Street");
    expect(text).toContain("LS1 1AA");
    expect(html).toContain('aria-label="Dispatch"');
    expect(buttons(html)).toContain("Mark dispatched");
    // Nothing of the customer's but the delivery address, and no money or managing forms.
    expect(text).not.toContain(alice.email);
    expect(html).not.toContain(`/admin/customers/${alice.id}`);
    expect(text).not.toContain("WhatsApp message");
    expect(buttons(html)).not.toContain("Cancel order");
    expect(buttons(html)).not.toContain("Mark confirmed");
    expect(buttons(html)).not.toContain(cardMessages.refundButton);
    expect(html).not.toContain('value="card-refund"');
    expect(html).not.toContain('aria-label="Record a payment"');
    expect(text).not.toContain("Cancellation received by e-mail");

    // An order held for the age check says so, without a way into the age checks a packer may not open.
    expect(page.data.checksAges).toBe(false);
    const held = render({ ...page.data, ageStatus: "pending" });
    expect(held.text).toContain("This order waits for the age check");
    expect(held.html).not.toContain("/admin/age-checks");

    // The owner, on the same order, has them all.
    const owner = render({
      ...page.data,
      ageStatus: "pending",
      checksAges: true,
      customer: { ...alice, deleted: false },
    });
    expect(owner.text).toContain(alice.email);
    expect(owner.html).toContain(`/admin/age-checks/${alice.id}`);
  });

  it("a packer dispatches a paid, age-verified order, and the audit log says who, with the courier and tracking", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    await payInFull(db, id);
    const done = (await orderPage.action(
      args(
        post(id, { intent: "dispatch", from: "confirmed", courier: "Royal Mail", trackingNumber: "AB123456789GB" }),
        id,
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect((await snapshot(db, id)).order.status).toBe("dispatched");
    const entries = (await auditOf(db, id)).filter((e) => e.action === "order.dispatch");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_kind: "staff", actor_id: packerId, entity: "order", outcome: "done" });
    expect(JSON.parse(entries[0]!.details!)).toEqual({
      status: ["confirmed", "dispatched"],
      courier: "Royal Mail",
      trackingNumber: "AB123456789GB",
    });
  });

  it("a packer's crafted refund, cancel and payment are refused with a 403, change nothing, and are logged", async () => {
    const { db } = testDb();
    const paid = await insertOrder(db, { userId: alice.id, status: "confirmed", totalCents: 2449 });
    await payByCard(db, { id: paid, userId: alice.id, totalCents: 2449 }, "captured");
    const unpaid = await insertOrder(db, { userId: alice.id });
    const crafted: [string, Record<string, string>][] = [
      [paid, { intent: "card-refund", amount: "5.00", reason: "Broken", idempotencyKey: "crafted-key-000000000001" }],
      [paid, { intent: "cancel", from: "confirmed" }],
      [paid, { intent: "refund", from: "paid", method: "bank-transfer", reference: "X1" }],
      [unpaid, { intent: "record-payment", from: "pending", method: "card-link", reference: "L1", amount: "11.00" }],
      [unpaid, { intent: "confirm", from: "pending" }],
    ];
    const before = { paid: await snapshot(db, paid), unpaid: await snapshot(db, unpaid) };
    const refundsBefore = await db.selectFrom("refunds").select("id").where("order_id", "=", paid).execute();
    for (const [id, fields] of crafted) {
      await expect(orderPage.action(args(post(id, fields), id))).rejects.toSatisfy((e) => status(e) === 403);
    }
    expect(await snapshot(db, paid)).toEqual(before.paid);
    expect(await snapshot(db, unpaid)).toEqual(before.unpaid);
    expect(await db.selectFrom("refunds").select("id").where("order_id", "=", paid).execute()).toEqual(refundsBefore);
    const refused = [
      ...(await refusals(db, `/admin/orders/${paid}`)),
      ...(await refusals(db, `/admin/orders/${unpaid}`)),
    ];
    expect(refused.map((e) => [e.actor_id, e.outcome, JSON.parse(e.details!).permission]).sort()).toEqual(
      [
        [packerId, "refused", "refunds"],
        [packerId, "refused", "orders.manage"],
        [packerId, "refused", "refunds"],
        [packerId, "refused", "orders.manage"],
        [packerId, "refused", "orders.manage"],
      ].sort(),
    );
    // Nothing else was recorded against either order.
    expect((await auditOf(db, paid)).every((e) => e.action === "permission.refused")).toBe(true);

    // The services refuse a packer too, whatever calls them.
    await expect(
      refundToCard(db, packer, paid, { amount: "1.00", reason: "x", idempotencyKey: "crafted-key-000000000002" }),
    ).rejects.toBeInstanceOf(StaffOnlyError);
    await expect(
      changeOrderStep(db, packer, { orderId: paid, step: "cancel", from: "confirmed" }),
    ).rejects.toBeInstanceOf(StaffOnlyError);
    await expect(
      recordPayment(db, packer, unpaid, { method: "card-link", reference: "L", amount: "11.00", from: "pending" }),
    ).rejects.toBeInstanceOf(StaffOnlyError);
  });

  it("an owner's card refund and recorded payment are in the audit log, with the amount", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, totalCents: 2449 });
    await payByCard(db, { id, userId: alice.id, totalCents: 2449 }, "captured");
    const refunded = await refundToCard(db, staff, id, {
      amount: "5.00",
      reason: "One bottle leaked",
      idempotencyKey: "owner-refund-key-000001",
    });
    expect(refunded).toMatchObject({ ok: true, amountCents: 500 });
    // The same form sent again is the same refund, and the same one entry.
    expect(
      await refundToCard(db, staff, id, {
        amount: "5.00",
        reason: "One bottle leaked",
        idempotencyKey: "owner-refund-key-000001",
      }),
    ).toEqual(refunded);
    const refund = (await auditOf(db, id)).filter((e) => e.action === "refund.card");
    expect(refund).toHaveLength(1);
    expect(refund[0]).toMatchObject({ actor_id: staff.id, entity: "order", outcome: "done" });
    expect(JSON.parse(refund[0]!.details!)).toMatchObject({
      amountCents: 500,
      currency: "GBP",
      reason: "One bottle leaked",
    });

    const manual = await insertOrder(db, { userId: alice.id });
    expect(
      await recordPayment(db, staff, manual, {
        method: "card-link",
        reference: "LINK-7",
        amount: "11.00",
        from: "pending",
      }),
    ).toMatchObject({ ok: true });
    const recorded = (await auditOf(db, manual)).filter((e) => e.action === "order.payment-recorded");
    expect(recorded.map((e) => JSON.parse(e.details!))).toEqual([
      {
        paymentStatus: ["pending", "paid"],
        method: "card-link",
        amountCents: 1100,
        currency: "GBP",
        reference: "LINK-7",
      },
    ]);
  });

  it("a change rolled back leaves no audit entry, and a refused one writes none", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    // The step succeeds inside a transaction that is then undone: the order and its entry go together.
    const undone = await inTransaction(db, async (trx) => {
      const step = await changeOrderStep(trx, staff, { orderId: id, step: "confirm", from: "pending" });
      expect(step).toMatchObject({ ok: true });
      expect((await auditOf(trx, id)).map((e) => e.action)).toEqual(["order.confirm"]);
      return fail("changed", "undone by the test");
    });
    expect(undone.ok).toBe(false);
    expect((await snapshot(db, id)).order.status).toBe("pending");
    expect(await auditOf(db, id)).toEqual([]);

    // Refused by a rule (paid first): nothing changes, nothing is logged.
    const waiting = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    const refused = await changeOrderStep(db, staff, {
      orderId: waiting,
      step: "dispatch",
      from: "confirmed",
      dispatch: { courier: "Royal Mail", trackingNumber: "AB123456789GB" },
    });
    expect(refused).toMatchObject({ ok: false, message: paymentMessages.dispatchRefused });
    expect(await auditOf(db, waiting)).toEqual([]);
  });
});
