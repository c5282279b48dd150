import { beforeAll, expect, it } from "vitest";
import type { Db } from "~/db/database.server";
import { describeEachDatabase } from "~/db/testing/test-database";
import { addDays, formatDay, shopDate } from "~/lib/shop-time";
import { StaffOnlyError } from "~/modules/accounts/staff";
import { returnRequestOf } from "~/modules/orders/customer-orders.service.server";
import { orderEvents } from "~/modules/orders/orders.service.server";
import { cancellationNoticeMessages as m } from "./cancellation-notice";
import { cancellationNoticeOf, recordCancellationNotice } from "./cancellation-notice.service.server";
import { alice, deliveredDaysAgo, insertOrder, insertUsers, packer, staff } from "./testing/orders-fixture";

const mail = { shopName: "Test Shop", staffEmail: "staff@shop.test", baseUrl: "http://shop.test" };
const now = new Date();
const today = shopDate(now);

const auditOf = (db: Db, orderId: string) =>
  db
    .selectFrom("audit_log")
    .select(["action", "actor_id", "entity", "details"])
    .where("entity_id", "=", orderId)
    .orderBy("at")
    .orderBy("id")
    .execute();
const noticeRows = (db: Db) => db.selectFrom("cancellation_notices").selectAll().orderBy("id").execute();
const statusOf = async (db: Db, id: string) =>
  (await db.selectFrom("orders").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describeEachDatabase("a cancellation sent by e-mail, recorded by staff", (testDb) => {
  beforeAll(async () => {
    await insertUsers(testDb().db, [staff, alice]);
  });

  it("before dispatch: the order is cancelled as the account page would, with how and when it arrived", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id, status: "confirmed", createdAt: now.toISOString() });
    const result = await recordCancellationNotice(
      db,
      staff,
      id,
      { channel: "model-form", receivedOn: today },
      mail,
      now,
    );
    expect(result).toEqual({ ok: true, message: m.cancelled(id) });
    expect(await statusOf(db, id)).toBe("cancelled");
    expect((await orderEvents(db, id)).at(-1)).toMatchObject({
      from: "confirmed",
      to: "cancelled",
      byName: staff.name,
    });
    expect(await cancellationNoticeOf(db, id)).toMatchObject({
      channel: "model-form",
      receivedOn: today,
      outcome: "cancelled",
      recordedBy: staff.name,
    });
    const jobs = await db.selectFrom("jobs").select("recipient").where("payload", "like", `%${id}%`).execute();
    expect(jobs).toEqual([{ recipient: alice.email }]);
    // Who recorded it is in the audit log, with how and when it arrived (issue 63).
    expect(await auditOf(db, id)).toEqual([
      {
        action: "order.cancellation-notice",
        actor_id: staff.id,
        entity: "order",
        details: JSON.stringify({
          channel: "model-form",
          receivedOn: today,
          outcome: "cancelled",
          status: "confirmed",
        }),
      },
    ]);
    // Once only.
    const again = await recordCancellationNotice(db, staff, id, { channel: "statement", receivedOn: today }, mail, now);
    expect(again).toMatchObject({ ok: false, code: "changed", message: m.alreadyRecorded });
    expect(await auditOf(db, id)).toHaveLength(1);
  });

  it("after delivery, within the 14 days: a return is opened, which the customer's order page shows", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, {
      userId: alice.id,
      createdAt: new Date(now.getTime() - 20 * 86_400_000).toISOString(),
    });
    await deliveredDaysAgo(db, id, 10, now);
    const arrived = addDays(today, -1);
    const result = await recordCancellationNotice(
      db,
      staff,
      id,
      { channel: "statement", receivedOn: arrived },
      mail,
      now,
    );
    expect(result).toEqual({ ok: true, message: m.returning(id) });
    expect(await statusOf(db, id)).toBe("delivered");
    expect(await returnRequestOf(db, id)).toMatchObject({
      status: "requested",
      reason: `Cancelled by the customer: another clear statement, by e-mail, received ${formatDay(arrived)}.`,
    });
    expect(await cancellationNoticeOf(db, id)).toMatchObject({ outcome: "return", channel: "statement" });
  });

  it("refuses, under the fields and saving nothing: no channel, no or a bad day, a future day, one before the order, one after the 14 days", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, {
      userId: alice.id,
      createdAt: new Date(now.getTime() - 30 * 86_400_000).toISOString(),
    });
    await deliveredDaysAgo(db, id, 20, now);
    const before = { notices: await noticeRows(db), events: await orderEvents(db, id) };
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ channel: "", receivedOn: today }, { channel: m.channelRequired }],
      [{ channel: "fax", receivedOn: today }, { channel: m.channelRequired }],
      [{ channel: "statement", receivedOn: "" }, { receivedOn: m.dateRequired }],
      [{ channel: "statement", receivedOn: "2026-02-30" }, { receivedOn: m.dateRequired }],
      [{ channel: "statement", receivedOn: addDays(today, 1) }, { receivedOn: m.dateInFuture }],
      [{ channel: "statement", receivedOn: addDays(today, -40) }, { receivedOn: m.dateBeforeOrder }],
    ];
    for (const [values, fieldErrors] of cases) {
      expect(await recordCancellationNotice(db, staff, id, values, mail, now)).toMatchObject({
        ok: false,
        fieldErrors,
      });
    }
    const late = await recordCancellationNotice(db, staff, id, { channel: "statement", receivedOn: today }, mail, now);
    expect(late).toMatchObject({
      ok: false,
      fieldErrors: { receivedOn: expect.stringContaining("after the 14 days") },
    });
    expect({ notices: await noticeRows(db), events: await orderEvents(db, id) }).toEqual(before);
    expect(await returnRequestOf(db, id)).toBeNull();
  });

  it("is for staff only, and an unknown order is not found", async () => {
    const { db } = testDb();
    const id = await insertOrder(db, { userId: alice.id });
    await expect(
      recordCancellationNotice(db, alice, id, { channel: "statement", receivedOn: today }, mail),
    ).rejects.toThrow(StaffOnlyError);
    // A packer neither: it needs orders.manage.
    await expect(
      recordCancellationNotice(db, packer, id, { channel: "statement", receivedOn: today }, mail),
    ).rejects.toThrow(StaffOnlyError);
    expect(await cancellationNoticeOf(db, id)).toBeNull();
    expect(
      await recordCancellationNotice(db, staff, "ZZZZZZZZ", { channel: "statement", receivedOn: today }, mail),
    ).toMatchObject({ ok: false, code: "not-found" });
  });
});
