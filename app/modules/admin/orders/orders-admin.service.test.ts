import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "~/db/testing/test-database";
import { stepMessages } from "~/modules/orders/order-status";
import { changeOrderStep } from "./orders-admin.service.server";
import { findOrder } from "~/modules/orders/orders.service.server";
import { dispatchMessages } from "~/modules/orders/dispatch";
import { alice, insertOrder, insertUsers, payInFull, snapshot, staff } from "./testing/orders-fixture";
import { paymentMessages } from "~/modules/orders/payments";
import { ageMessages } from "~/modules/age-checks/age-checks";
import { decideAgeCheck } from "~/modules/age-checks/age-checks.service.server";

const shop = { shopName: "Vapour Lane", baseUrl: "http://shop.test" };

// The steps an order may take, by staff. Who may take them, the form action and the customer's e-mails:
// orders-admin-actions.service.test.ts.
describeEachDatabase("back-office orders: status changes", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice]);
  });

  it("takes an order from pending to delivered one step at a time, recording who and when", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const at = (minute: number) => new Date(`2026-11-22T10:0${minute}:00.000Z`);
    expect(await changeOrderStep(db, staff, { orderId: id, step: "confirm", from: "pending" }, at(1))).toMatchObject({
      ok: true,
      message: `Order ${id} is now Confirmed.`,
    });
    // UK: not dispatched before the customer's age is verified.
    expect(await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed" }, at(3))).toEqual({
      ok: false,
      code: "changed",
      message: ageMessages.dispatchRefused,
    });
    expect(
      await decideAgeCheck(db, staff, shop, alice.id, { decision: "verify", note: "Driving licence seen" }),
    ).toMatchObject({ ok: true, status: "verified" });
    // Nor before its payment is recorded (docs/decisions/045), even with the courier and tracking number typed in.
    const early = { courier: "Royal Mail", trackingNumber: "AB123456789GB" };
    expect(
      await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed", dispatch: early }, at(3)),
    ).toEqual({ ok: false, code: "changed", message: paymentMessages.dispatchRefused });
    expect(await snapshot(db, id)).toMatchObject({ order: { status: "confirmed", payment_status: "pending" } });
    await payInFull(db, id, at(2));
    // Dispatch asks for the courier and tracking number; without them nothing changes.
    expect(await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed" }, at(3))).toEqual({
      ok: false,
      code: "invalid",
      message: "Enter the courier and tracking number to dispatch.",
      fieldErrors: {
        courier: "Enter the courier carrying the parcel",
        trackingNumber: "Enter the parcel's tracking number",
      },
    });
    const oddTracking = { courier: "Royal Mail", trackingNumber: "<script>" };
    expect(
      await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed", dispatch: oddTracking }),
    ).toMatchObject({ ok: false, code: "invalid", fieldErrors: { trackingNumber: dispatchMessages.trackingShape } });
    expect((await findOrder(db, alice.id, id))?.status).toBe("confirmed");
    const sent = { courier: " Royal Mail ", trackingNumber: "ab 1234 5678 gb" };
    expect(
      await changeOrderStep(db, staff, { orderId: id, step: "dispatch", from: "confirmed", dispatch: sent }, at(3)),
    ).toMatchObject({ ok: true, message: `Order ${id} is now Dispatched.` });
    expect((await findOrder(db, alice.id, id))?.dispatch).toEqual({
      courier: "Royal Mail",
      trackingNumber: "AB 1234 5678 GB",
    });
    expect(await changeOrderStep(db, staff, { orderId: id, step: "deliver", from: "dispatched" }, at(4))).toMatchObject(
      { ok: true, message: `Order ${id} is now Delivered.` },
    );
    expect(
      await changeOrderStep(
        db,
        staff,
        { orderId: id, step: "refund", from: "paid", refund: { method: "bank-transfer", reference: "BACS-R1" } },
        at(5),
      ),
    ).toMatchObject({
      ok: true,
      message: `Order ${id} is now Refunded.`,
    });
    const { order, events } = await snapshot(db, id);
    expect(order).toEqual({ status: "delivered", payment_status: "refunded", updated_at: at(5).toISOString() });
    expect(events).toEqual([
      {
        field: "status",
        from: "pending",
        to: "confirmed",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at(1).toISOString(),
      },
      {
        field: "paymentStatus",
        from: "pending",
        to: "paid",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at(2).toISOString(),
      },
      {
        field: "status",
        from: "confirmed",
        to: "dispatched",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at(3).toISOString(),
      },
      {
        field: "status",
        from: "dispatched",
        to: "delivered",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at(4).toISOString(),
      },
      {
        field: "paymentStatus",
        from: "paid",
        to: "refunded",
        byName: "Sam Staff",
        actorKind: "staff",
        at: at(5).toISOString(),
      },
    ]);
    const row = await db
      .selectFrom("order_events")
      .select("by_user_id")
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.by_user_id).toBe(staff.id);
  });

  it("cancels a pending or confirmed order, but not one that has been dispatched", async () => {
    const { db } = testDb();
    const pending = await insertOrder(db, { userId: alice.id });
    const confirmed = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    const dispatched = await insertOrder(db, { userId: alice.id, status: "dispatched" });
    expect(await changeOrderStep(db, staff, { orderId: pending, step: "cancel", from: "pending" })).toMatchObject({
      ok: true,
      to: "cancelled",
    });
    expect(await changeOrderStep(db, staff, { orderId: confirmed, step: "cancel", from: "confirmed" })).toMatchObject({
      ok: true,
      to: "cancelled",
    });
    const before = await snapshot(db, dispatched);
    expect(await changeOrderStep(db, staff, { orderId: dispatched, step: "cancel", from: "dispatched" })).toEqual({
      ok: false,
      code: "wrong-state",
      message: "Status cannot go from Dispatched to Cancelled: the next step is Delivered.",
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
      [
        pending,
        "dispatch",
        "pending",
        "Status cannot go from Pending to Dispatched: the next step is Confirmed or Cancelled.",
      ],
      [
        pending,
        "deliver",
        "pending",
        "Status cannot go from Pending to Delivered: the next step is Confirmed or Cancelled.",
      ],
      [pending, "refund", "pending", "Payment cannot go from Payment pending to Refunded: the next step is Paid."],
      [
        dispatched,
        "confirm",
        "dispatched",
        "Status cannot go from Dispatched to Confirmed: the next step is Delivered.",
      ],
      // Paid is no longer a bare step: a payment is recorded with its method, reference and amount.
      [pending, "pay", "pending", stepMessages.unknown],
      [delivered, "dispatch", "delivered", "Status cannot go from Delivered to Dispatched: Delivered is final."],
      [delivered, "refund", "refunded", "Payment is already Refunded."],
      [cancelled, "confirm", "cancelled", "Status cannot go from Cancelled to Confirmed: Cancelled is final."],
      [pending, "ship", "pending", stepMessages.unknown],
      [pending, "constructor", "pending", stepMessages.unknown],
      [pending, null, "pending", stepMessages.unknown],
      [
        pending,
        "confirm",
        "confirmed",
        "This order changed while you were looking at it: status is now Pending. Nothing was changed; check it and try again.",
      ],
      [
        dispatched,
        "deliver",
        "confirmed",
        "This order changed while you were looking at it: status is now Dispatched. Nothing was changed; check it and try again.",
      ],
      [
        pending,
        "confirm",
        null,
        "This order changed while you were looking at it: status is now Pending. Nothing was changed; check it and try again.",
      ],
    ];
    const before = await Promise.all([pending, dispatched, delivered, cancelled].map((id) => snapshot(db, id)));
    for (const [orderId, step, from, message] of cases) {
      expect(await changeOrderStep(db, staff, { orderId, step, from }), `${step} from ${String(from)}`).toMatchObject({
        ok: false,
        message,
      });
    }
    expect(await Promise.all([pending, dispatched, delivered, cancelled].map((id) => snapshot(db, id)))).toEqual(
      before,
    );
    expect(await changeOrderStep(db, staff, { orderId: "ZZZZ2222", step: "confirm", from: "pending" })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    expect(
      await changeOrderStep(db, staff, { orderId: "'; drop table orders; --", step: "confirm", from: "pending" }),
    ).toMatchObject({ ok: false, code: "not-found" });
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
    for (const loser of results.filter((r) => !r.ok))
      expect(loser).toMatchObject({
        code: "changed",
        message: expect.stringContaining("This order changed while you were looking at it"),
      });
    const { order, events } = await snapshot(db, id);
    expect(events).toHaveLength(1);
    expect(order.status).toBe(events[0]!.to);
  });
});
