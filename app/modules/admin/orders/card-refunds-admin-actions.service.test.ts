import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import type { ShopContext } from "~/context";
import { paymentMessages } from "~/modules/orders/payments";
import { cardMessages } from "~/modules/payments/card-payments";
import { action as orderAction, loader as orderLoader } from "~/routes/admin/order";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { provedSecondFactor, signUpConfirmed } from "~/testing/accounts";
import { cookieHeader, createTestContext, requestWith } from "~/testing/test-context";
import { payByCard } from "./testing/card-payment-fixture";
import { alice, insertOrder, insertUsers, payInFull } from "./testing/orders-fixture";

// 'Refund to card' through the order page as staff use it: the form's key drawn per page load, its refusals under
// the fields or as the page's message, the status message after it, and what the cancel form says about the money.
describeEachDatabase("back office: the order page's card refund and money notes", (testDb) => {
  let context: () => ShopContext;
  let staffCookie: string;
  beforeAll(async () => {
    context = await createTestContext(testDb());
    await insertUsers(testDb().db, [alice]);
    const member = await signUpConfirmed(context(), {
      firstName: "Kim",
      lastName: "Lee",
      email: "kim@example.com",
      password: "correct horse battery",
      dateOfBirth: "1990-05-05",
      terms: "on",
    });
    if (!member.ok) throw new Error("sign-up failed");
    await testDb()
      .db.updateTable("user")
      .set({ role: "staff", staffRoles: "owner" })
      .where("email", "=", "kim@example.com")
      .execute();
    staffCookie = await provedSecondFactor(testDb().db, cookieHeader(member.headers));
  });

  const args = (id: string, request: Request) =>
    ({ request, context: context(), params: { id }, unstable_pattern: "", matches: [] }) as never;
  const page = async (id: string, query = "") =>
    (
      (await orderLoader(args(id, requestWith(staffCookie, `http://shop.test/admin/orders/${id}${query}`)))) as {
        data: {
          notice: string | null;
          refundKey: string;
          cancelNote: string | null;
          money: { card: { leftCents: number; inFlight: boolean } | null; attempts: unknown[] };
        };
      }
    ).data;
  const send = (id: string, fields: Record<string, string>) => {
    const body = new FormData();
    body.set("intent", "card-refund");
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const request = new Request(`http://shop.test/admin/orders/${id}`, {
      method: "POST",
      headers: { cookie: staffCookie, origin: "http://shop.test" },
      body,
    });
    return orderAction(args(id, request));
  };

  it("refunds part of a card payment once, says so, and offers no second refund while it is being sent", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, totalCents: 2449 });
    await payByCard(db, { id, userId: alice.id, totalCents: 2449 });

    const before = await page(id);
    expect(before.money.card).toMatchObject({ leftCents: 2449, inFlight: false });
    expect(before.refundKey).toMatch(/^[\w-]{24}$/);
    expect((await page(id)).refundKey).not.toBe(before.refundKey);
    expect(before.cancelNote).toBe("The £24.49 paid by card goes back to the card automatically.");

    const refused = await send(id, { amount: "30.00", reason: "", idempotencyKey: before.refundKey });
    expect(refused).toMatchObject({
      data: {
        message: null,
        cardRefundErrors: {
          amount: cardMessages.refundTooMuch(2449, "GBP"),
          reason: cardMessages.refundReasonMissing,
        },
        cardRefundValues: { amount: "30.00", reason: "" },
      },
      init: { status: 400 },
    });

    const fields = { amount: "5.00", reason: "Return of one pod", idempotencyKey: before.refundKey };
    const done = (await send(id, fields)) as Response;
    expect(done.status).toBe(302);
    const location = done.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^/admin/orders/${id}\\?done=card-refund&refund=\\w+$`));
    // The same form sent again (a second click): the same refund, the same answer.
    expect(((await send(id, fields)) as Response).headers.get("location")).toBe(location);

    const after = await page(id, location.slice(location.indexOf("?")));
    expect(after.notice).toBe(cardMessages.refundQueued("£5.00"));
    expect(after.money.card).toMatchObject({ leftCents: 1949, inFlight: true });
    expect(after.cancelNote).toBe("The £19.49 paid by card goes back to the card automatically.");
    expect((await page(id, "?done=card-refund&refund=nosuchrefund")).notice).toBeNull();

    const second = await send(id, { amount: "1.00", reason: "Again", idempotencyKey: after.refundKey });
    expect(second).toMatchObject({ data: { message: cardMessages.refundInFlight }, init: { status: 409 } });
    expect(await db.selectFrom("refunds").select("id").where("order_id", "=", id).execute()).toHaveLength(1);

    const dashboard = await dashboardLoader(args(id, requestWith(staffCookie, "http://shop.test/admin")));
    expect(dashboard.money).toEqual({ waiting: 0, refunding: 1 });
  });

  it("the cancel form says what happens to money paid by hand, and to money held on a card", async () => {
    const { db } = testDb();
    const manual = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    expect((await page(manual)).cancelNote).toBeNull();
    await payInFull(db, manual);
    expect((await page(manual)).cancelNote).toBe(paymentMessages.cancelManualRefund);
    expect(paymentMessages.cancelManualRefund).toBe("Record the refund once you have sent it.");

    const held = await insertOrder(db, { userId: alice.id, totalCents: 1100 });
    await payByCard(db, { id: held, userId: alice.id, totalCents: 1100 }, "authorised");
    expect((await page(held)).cancelNote).toBe("The £11.00 held on the card is released automatically.");
    const dashboard = await dashboardLoader(args(held, requestWith(staffCookie, "http://shop.test/admin")));
    expect(dashboard.money).toEqual({ waiting: 1, refunding: 1 });
  });
});
