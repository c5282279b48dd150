import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { inTransaction } from "~/db/transaction.server";
import { alice, insertOrder, insertUsers, snapshot, staff } from "~/modules/admin/orders/testing/orders-fixture";
import { transitionOrder, type TransitionRequest } from "./order-lifecycle.service.server";

const now = new Date("2026-11-22T10:00:00.000Z");
const mail = { shopName: "Vapour Lane", baseUrl: "http://shop.test", staffEmail: "shop@example.com" };
const asStaff = { kind: "staff", id: staff.id, name: staff.name } as const;

// transitionOrder is the one way an order changes (docs/decisions/073); the paths that call it are tested with
// their pages' words in their own files. Here: what it writes, and that a refusal writes nothing.
describeEachDatabase("the order lifecycle: transitionOrder", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice]);
  });

  const take = (db: Db, request: Omit<TransitionRequest, "now">) =>
    inTransaction(db, (trx) => transitionOrder(trx, { ...request, now }));
  const writes = async (db: Db, orderId: string) => ({
    ...(await snapshot(db, orderId)),
    jobs: await db.selectFrom("jobs").select("kind").where("payload", "like", `%${orderId}%`).execute(),
    stock: await db.selectFrom("stock_movements").select("change").where("order_id", "=", orderId).execute(),
    payment: await db.selectFrom("order_payments").select("amount_cents").where("order_id", "=", orderId).execute(),
  });

  it("refuses what the table does not allow, or a stale read, with a typed failure and nothing written", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed" });
    const before = await writes(db, id);
    const refusals = [
      // A customer cannot dispatch, nor staff cancel in the shop's name for a missing payment.
      [{ transition: "dispatch", actor: { kind: "customer", id: alice.id, name: "Customer" } }, "not-allowed"],
      [{ transition: "cancel-unpaid", actor: asStaff }, "not-allowed"],
      // Not paid: not dispatched. Not dispatched: not delivered. Not paid: not refunded.
      [{ transition: "dispatch", actor: asStaff, dispatch: { courier: "DPD", trackingNumber: "1" } }, "wrong-state"],
      [{ transition: "deliver", actor: asStaff }, "wrong-state"],
      [{ transition: "refund", actor: asStaff }, "wrong-state"],
      [{ transition: "confirm", actor: asStaff }, "already-done"],
      // What the caller read is no longer so.
      [{ transition: "cancel-by-staff", actor: asStaff, expected: "pending", mail }, "changed"],
      // Another customer's order is not found.
      [
        {
          transition: "cancel-by-customer",
          actor: { kind: "customer", id: "bob", name: "Customer" },
          customerId: "bob",
        },
        "not-found",
      ],
    ] as const;
    for (const [request, code] of refusals) {
      expect(await take(db, { orderId: id, ...request }), request.transition).toMatchObject({ ok: false, code });
    }
    expect(await take(db, { orderId: "NOSUCH11", transition: "confirm", actor: asStaff })).toMatchObject({
      ok: false,
      code: "not-found",
    });
    expect(await writes(db, id)).toEqual(before);
  });

  it("records who made the change by kind and queues the table's e-mails", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    const done = await take(db, {
      orderId: id,
      transition: "cancel-by-customer",
      actor: { kind: "customer", id: alice.id, name: "Customer" },
      customerId: alice.id,
      tellStaff: true,
      mail,
    });
    expect(done).toMatchObject({ ok: true, field: "status", from: "pending", to: "cancelled" });
    const after = await writes(db, id);
    expect(after.order.status).toBe("cancelled");
    // (The stock going back is seen with real catalogue items: unpaid-orders and stock.service tests.)
    // The customer's status e-mail and the shop's notice, in the same transaction.
    expect(after.jobs.map((j) => j.kind).sort()).toEqual(["notice", "order-status"]);
    const events = await db
      .selectFrom("order_events")
      .select(["from_value", "to_value", "actor_kind", "by_user_id", "by_name"])
      .where("order_id", "=", id)
      .execute();
    expect(events).toEqual([
      {
        from_value: "pending",
        to_value: "cancelled",
        actor_kind: "customer",
        by_user_id: alice.id,
        by_name: "Customer",
      },
    ]);
  });

  it("lets a payment provider record a payment, kept with no member of staff", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, totalCents: 2500 });
    const provider = { kind: "provider", id: null, name: "Card payments" } as const;
    const payment = { method: "card-link", reference: "pi_123", amountCents: 2500, currency: "GBP" } as const;
    expect(
      await take(db, { orderId: id, transition: "record-payment", actor: provider, expected: "pending", payment }),
    ).toMatchObject({ ok: true, to: "paid" });
    const row = await db
      .selectFrom("order_payments")
      .select(["amount_cents", "recorded_by_id", "recorded_by_name"])
      .where("order_id", "=", id)
      .executeTakeFirstOrThrow();
    expect({ ...row, amount_cents: Number(row.amount_cents) }).toEqual({
      amount_cents: 2500,
      recorded_by_id: null,
      recorded_by_name: "Card payments",
    });
    const kinds = await db.selectFrom("order_events").select("actor_kind").where("order_id", "=", id).execute();
    expect(kinds).toEqual([{ actor_kind: "provider" }]);
    // Paid once: a second recording is refused and nothing more is written.
    expect(
      await take(db, { orderId: id, transition: "record-payment", actor: provider, expected: "pending", payment }),
    ).toMatchObject({ ok: false, code: "changed" });
  });
});
